module.exports = {
  extension: ['ts'],
  'node-option': ['import=tsx'],
  timeout: 5000,
};
