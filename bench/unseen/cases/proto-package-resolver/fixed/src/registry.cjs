'use strict';

/** A fake package registry: answers metadata requests after a short delay. */
function FakeRegistry(packages, latencyMs) {
  this.packages = packages;
  this.latencyMs = latencyMs === undefined ? 3 : latencyMs;
  this.requests = {};
}

FakeRegistry.prototype.metadata = function (name) {
  const self = this;
  self.requests[name] = (self.requests[name] || 0) + 1;
  return new Promise(function (resolve, reject) {
    setTimeout(function () {
      const versions = self.packages[name];
      if (!versions) return reject(new Error('404 ' + name));
      resolve({ name: name, versions: versions.slice() });
    }, self.latencyMs);
  });
};

module.exports = { FakeRegistry };
