'use strict';
const { EventEmitter } = require('node:events');

function thumbnailName(name) {
  const dot = name.lastIndexOf('.');
  return (dot > 0 ? name.slice(0, dot) : name) + '.thumb.jpg';
}

/** Runs uploads (store the blob, then index it), counts those in progress and says 'idle' when none is left. */
function UploadQueue(store, index) {
  EventEmitter.call(this);
  this.store = store;
  this.index = index;
  this.active = 0;
  this.completed = 0;
}
Object.setPrototypeOf(UploadQueue.prototype, EventEmitter.prototype);

UploadQueue.prototype.upload = function (name, data, callback) {
  const self = this;
  self.active++;
  self.store.put(name, data, function (err, etag) {
    if (err) {
      self.settle();
      return callback(err);
    }
    self.index.record(name, etag, function (indexErr) {
      if (!indexErr) self.completed++;
      // An upload is done only once it is indexed.
      self.settle();
      callback(indexErr || null, etag);
    });
  });
};

UploadQueue.prototype.settle = function () {
  this.active--;
  if (this.active === 0) this.emit('idle');
};

/** Calls back once nothing is uploading: what shutdown and batch imports wait for. */
UploadQueue.prototype.whenIdle = function (callback) {
  if (this.active === 0) return process.nextTick(callback);
  this.once('idle', callback);
};

module.exports = { UploadQueue: UploadQueue, thumbnailName: thumbnailName };
