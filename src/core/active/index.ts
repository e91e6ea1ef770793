export * from './violation.js';
export * from './fuzz.js';
