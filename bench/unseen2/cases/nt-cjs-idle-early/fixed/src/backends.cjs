'use strict';
const crypto = require('node:crypto');

/** A fake object store: put answers with an etag after a latency that grows with the blob. */
function BlobStore() {
  this.blobs = new Map();
}

BlobStore.prototype.put = function (name, data, callback) {
  const self = this;
  setTimeout(function () {
    if (!name) return callback(new Error('empty blob name'));
    const etag = crypto.createHash('md5').update(data).digest('hex').slice(0, 12);
    self.blobs.set(name, data);
    callback(null, etag);
  }, 2 + Math.min(10, data.length % 11));
};

/** A fake search index: one record per stored blob. */
function BlobIndex() {
  this.entries = new Map();
}

BlobIndex.prototype.record = function (name, etag, callback) {
  const self = this;
  setTimeout(function () {
    self.entries.set(name, { etag: etag, indexedAt: self.entries.size + 1 });
    callback(null);
  }, 4);
};

module.exports = { BlobStore: BlobStore, BlobIndex: BlobIndex };
