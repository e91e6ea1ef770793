'use strict';

// A lock service with expiring leases, as etcd, Consul or a database row provide. A node holds
// the lease until it expires or is released; it renews it by acquiring it again.
function LeaseLock(now) {
  this.now = now || Date.now;
  this.holder = null;
  this.expiresAt = 0;
  this.term = 0;
}

LeaseLock.prototype.tryAcquire = function (node, ttlMs, cb) {
  setImmediate(() => {
    const t = this.now();
    if (this.holder !== null && this.holder !== node && this.expiresAt > t) return cb(null, false);
    if (this.holder !== node || this.expiresAt <= t) this.term++;
    this.holder = node;
    this.expiresAt = t + ttlMs;
    cb(null, true);
  });
};

LeaseLock.prototype.release = function (node, cb) {
  setImmediate(() => {
    if (this.holder === node) {
      this.holder = null;
      this.expiresAt = 0;
    }
    cb(null);
  });
};

LeaseLock.prototype.holds = function (node) {
  return this.holder === node && this.expiresAt > this.now();
};

module.exports = LeaseLock;
