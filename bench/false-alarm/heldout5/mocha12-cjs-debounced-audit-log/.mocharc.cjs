module.exports = {
  require: ['tsx/cjs'],
  timeout: 10000,
};
