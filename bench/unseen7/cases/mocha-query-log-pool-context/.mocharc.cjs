module.exports = {
  require: ['tsx/cjs'],
  extension: ['ts'],
  timeout: 5000,
};
