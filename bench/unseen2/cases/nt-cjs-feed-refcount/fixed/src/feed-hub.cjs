'use strict';

const { openUpstream } = require('./upstream.cjs');

// One upstream connection per market, shared by every subscriber: opened by the first to join,
// closed when the last one leaves.
function FeedHub(url) {
  this.url = url;
  this.refs = 0;
  this.conn = null;
  this.opening = null;
}

FeedHub.prototype.join = function () {
  this.refs++;
  if (this.conn) return Promise.resolve(this.conn);
  if (!this.opening) {
    this.opening = openUpstream(this.url).then((conn) => {
      this.conn = conn;
      this.opening = null;
      return conn;
    });
  }
  return this.opening;
};

FeedHub.prototype.leave = function () {
  this.refs--;
  if (this.refs > 0) return Promise.resolve();
  const conn = this.conn;
  this.conn = null;
  return conn.close();
};

FeedHub.prototype.subscribers = function () {
  return this.refs;
};

function marketUrl(symbol) {
  return 'wss://prices.example/' + symbol.toLowerCase();
}

module.exports = { FeedHub, marketUrl };
