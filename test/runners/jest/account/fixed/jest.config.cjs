// CommonJS through ts-jest; the sources import './x.ts' (allowImportingTsExtensions), which
// ts-jest's isolated transpilation accepts (tsconfig.json here, never the src).
module.exports = {
  testEnvironment: 'node',
  // Only this variant's tests (fixed/ lives below the buggy one).
  roots: ['<rootDir>/test'],
  transform: { '^.+\\.ts$': ['ts-jest', { tsconfig: '<rootDir>/tsconfig.json', isolatedModules: true }] },
};
