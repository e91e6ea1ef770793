'use strict';

// A connection to the exchange's price stream; opening and closing each take a round trip.
function Connection(url, id) {
  this.url = url;
  this.id = id;
  this.closed = false;
  this.sent = [];
}

Connection.prototype.send = function (message) {
  if (this.closed) return Promise.reject(new Error('connection ' + this.id + ' to ' + this.url + ' is closed'));
  this.sent.push(message);
  return Promise.resolve(this.sent.length);
};

Connection.prototype.close = function () {
  return new Promise((resolve) => setTimeout(resolve, 3)).then(() => {
    this.closed = true;
  });
};

let opened = 0;

function openUpstream(url) {
  return new Promise((resolve) => setTimeout(resolve, 2)).then(() => new Connection(url, ++opened));
}

module.exports = { Connection, openUpstream };
