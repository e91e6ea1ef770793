'use strict';

let max = 2;
let active = 0;
let peak = 0;
const waiting = [];

function configure(limit) {
  if (!Number.isInteger(limit) || limit < 1) throw new Error('limit must be a positive integer');
  max = limit;
  active = 0;
  peak = 0;
  waiting.length = 0;
}

function track() {
  if (active > peak) peak = active;
}

function acquire() {
  if (active < max) {
    active++;
    track();
    return Promise.resolve(release);
  }
  return new Promise(function (resolve) {
    waiting.push(resolve);
  }).then(function () {
    active++;
    track();
    return release;
  });
}

function release() {
  active--;
  const next = waiting.shift();
  if (next) next();
}

function run(task) {
  return acquire().then(function (done) {
    return Promise.resolve()
      .then(task)
      .finally(done);
  });
}

function stats() {
  return { max: max, active: active, peak: peak, waiting: waiting.length };
}

module.exports = { configure, acquire, run, stats };
