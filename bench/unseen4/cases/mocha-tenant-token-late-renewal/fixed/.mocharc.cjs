// TypeScript through ts-node's CommonJS register hook (transpile only, no type check).
module.exports = {
  require: ['ts-node/register/transpile-only'],
  extension: ['ts'],
  timeout: 10000,
};
