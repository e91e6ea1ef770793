'use strict';

// Wraps an async function so that its work is done once: later calls get the first result.
// A call that fails is not remembered, so the next call tries again.
function once(fn) {
  let pending = null;
  return function onceWrapper(...args) {
    if (pending) return pending;
    pending = Promise.resolve(fn.apply(this, args)).catch((err) => {
      pending = null;
      throw err;
    });
    return pending;
  };
}

module.exports = { once };
