import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import * as files from './src/files.ts';
import legacy from './src/legacy.cts';

const show = (label: string, value: unknown) => console.log(label, JSON.stringify(value));
const root = mkdtempSync(join(tmpdir(), 'conlens-corpus-fs-'));
try {
  show('shapes', files.shapes());
  show('callbacks', await files.callbacks(root));
  show('sync', files.sync(root));
  show('promises', await files.promises(root));
  show('promisified', await files.promisified(root));
  show('streams', await files.streams(root));
  show('ticks', await files.ticks(root));
  show('require', legacy.requireForms(root));
} finally {
  rmSync(root, { recursive: true, force: true });
}
