'use strict';

// The context of the request being handled (its id and user), so that log lines and audit
// records can name the request without passing it through every call.
let current = null;

function runWithContext(ctx, fn) {
  current = ctx;
  return fn();
}

function currentContext() {
  return current;
}

module.exports = { runWithContext, currentContext };
