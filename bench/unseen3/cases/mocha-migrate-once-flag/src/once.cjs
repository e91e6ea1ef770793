'use strict';

// Wraps an async function so that its work is done once: later calls get the first result.
// A call that fails is not remembered, so the next call tries again.
function once(fn) {
  let called = false;
  let value;
  return function onceWrapper(...args) {
    if (called) return Promise.resolve(value);
    return Promise.resolve(fn.apply(this, args)).then((result) => {
      called = true;
      value = result;
      return result;
    });
  };
}

module.exports = { once };
