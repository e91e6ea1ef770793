'use strict';
const { openClient } = require('./driver.cjs');

let client = null;
let ready = null;

function connect(url) {
  ready = openClient(url).then(function (c) {
    client = c;
    return c;
  });
  return ready.then(function (c) {
    return c.url;
  });
}

function buildInsert(table, row) {
  if (!/^[a-z_]+$/.test(table)) throw new Error('bad table name ' + table);
  return { op: 'insert', table: table, row: Object.assign({}, row) };
}

function query(statement) {
  if (!ready) return Promise.reject(new Error('not connected'));
  return ready.then(function (c) {
    return c.run(statement);
  });
}

function insert(table, row) {
  return query(buildInsert(table, row)).then(function (r) {
    return r.changes;
  });
}

function all(table) {
  return query({ op: 'select', table: table }).then(function (r) {
    return r.rows;
  });
}

function disconnect() {
  const pending = ready;
  client = null;
  ready = null;
  return pending
    ? pending.then(function (c) {
        return c.close();
      })
    : Promise.resolve();
}

module.exports = { connect, insert, all, disconnect, buildInsert };
