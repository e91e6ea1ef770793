'use strict';

const { AsyncLocalStorage } = require('node:async_hooks');

// The context of the request being handled (its id and user), so that log lines and audit
// records can name the request without passing it through every call.
const storage = new AsyncLocalStorage();

function runWithContext(ctx, fn) {
  return storage.run(ctx, fn);
}

function currentContext() {
  return storage.getStore() ?? null;
}

module.exports = { runWithContext, currentContext };
