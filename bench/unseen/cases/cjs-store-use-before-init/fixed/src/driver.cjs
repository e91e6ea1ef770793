'use strict';

/** A fake database driver: connecting takes a few milliseconds; tables live in memory. */
function openClient(url) {
  return new Promise(function (resolve, reject) {
    if (!/^mem:\/\//.test(url)) return reject(new Error('unsupported url ' + url));
    setTimeout(function () {
      const tables = new Map();
      resolve({
        url: url,
        run: function (statement) {
          return new Promise(function (done) {
            setImmediate(function () {
              const rows = tables.get(statement.table) || [];
              if (statement.op === 'insert') {
                rows.push(statement.row);
                tables.set(statement.table, rows);
                done({ changes: 1 });
              } else done({ rows: rows.slice() });
            });
          });
        },
        close: function () {
          tables.clear();
          return Promise.resolve();
        },
      });
    }, 5);
  });
}

module.exports = { openClient };
