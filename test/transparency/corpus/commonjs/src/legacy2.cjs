// A sloppy .cjs file: the same writes must stay silent.
const frozen = Object.freeze([1, 2, 3]);

exports.tryWrites = function tryWrites() {
  frozen[0] = 100;
  frozen.length = 0;
  undeclaredCjs = 'global';
  return [frozen.join(','), typeof undeclaredCjs];
};

exports.pushFrozen = function pushFrozen() {
  try {
    frozen.push(4);
    return 'pushed';
  } catch (e) {
    return e.name + ': ' + e.message;
  }
};

exports.thisValue = function () {
  return typeof this;
};
