// The note on traces piling up in .conlens/runs/ (trial 18: 300 MB left behind, unsaid).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdirSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { tracesNotice } from '../../src/cli/traces-notice.ts';
import { tempProject } from '../helpers/temp-project.ts';

test('the traces note counts the trace files of every run and says how to free them, only past its size', () => {
  const root = tempProject({ 'package.json': '{}' });
  assert.equal(tracesNotice(root, 1), undefined, 'no .conlens/runs: no note');
  const runs = join(root, '.conlens', 'runs');
  for (const [run, sizes] of [['r1', [3000, 1000]], ['r2', [2000]], ['r3', []]] as const) {
    mkdirSync(join(runs, run), { recursive: true });
    sizes.forEach((n, i) => writeFileSync(join(runs, run, `trace-${i}.jsonl`), 'x'.repeat(n)));
    writeFileSync(join(runs, run, 'violation.json'), 'y'.repeat(50_000));
  }
  assert.equal(tracesNotice(root, 6001), undefined, 'under the size: no note');
  const note = tracesNotice(root, 6000);
  assert.ok(note, 'at the size: a note');
  assert.match(note, /the traces of 2 runs in .*\.conlens[\\/]runs take 0 MB/);
  assert.match(note, /replays read violation\.json, which stays/);
  assert.match(note, /find .* -name 'trace-\*\.jsonl' -delete/);
});
