// CommonJS: require('fs') and require('fs/promises') are the same objects the ES modules see.
const fs = require('fs');
const fsPromises = require('fs/promises');
const { statSync } = require('node:fs');

function requireForms(root: string): unknown[] {
  const file = require('path').join(root, 'cjs.txt');
  fs.writeFileSync(file, 'cjs');
  const size = statSync(file).size;
  fs.unlinkSync(file);
  return [fs.promises === fsPromises, typeof fs.statSync, size, fs.existsSync(file)];
}

module.exports = { requireForms };
