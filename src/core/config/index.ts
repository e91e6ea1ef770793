export * from './config-types.js';
export * from './config-error.js';
export * from './command.js';
export { loadConfig, loadConfigIfPresent, defaultConfig, validateConfig, formatJsonPath } from './load-config.js';
