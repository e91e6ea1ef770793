'use strict';
const { openClient } = require('./driver.cjs');

let client = null;

function connect(url) {
  return openClient(url).then(function (c) {
    client = c;
    return c.url;
  });
}

function buildInsert(table, row) {
  if (!/^[a-z_]+$/.test(table)) throw new Error('bad table name ' + table);
  return { op: 'insert', table: table, row: Object.assign({}, row) };
}

function query(statement) {
  return client.run(statement);
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
  const c = client;
  client = null;
  return c ? c.close() : Promise.resolve();
}

module.exports = { connect, insert, all, disconnect, buildInsert };
