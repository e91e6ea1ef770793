// Every bundled example is a complete small project (issue: foundation §6): the files, a valid
// expected.json whose fault exists in the source, unit tests that pass, and a fixed/ variant whose
// tests all pass (that run: test/slow/examples-run.test.ts). How often the buggy integration suite
// fails is measured by npm run examples:check.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { existsSync, readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { REPO } from '../helpers/cli.ts';

const EXAMPLES = join(REPO, 'examples');
const REQUIRED = [
  'running-example',
  'account',
  'reorder',
  'producer-consumer',
  'dining-philosophers',
  'bank-transfer',
  'file-appender',
  'atomic-set-account',
  'queue',
  'string-buffer',
  'dynamic-bin',
];
const BUGS = ['atomicity violation', 'order violation', 'deadlock', 'bad composition'];
// The papers' file names (../shared/papers), which expected.json's "source" cites.
const PAPERS = [
  '000_fbcd830c3f52bf53.txt',
  '001_95b49f9d8b06213e.txt',
  '002_a4e4493852af3cbf.txt',
  '003_494a348f24381578.txt',
  '004_3787de5c430180a6.txt',
];

// The real-world examples (issue 14) cite the Node.js bug studies or the libraries they re-create.
const STUDIES = ['NodeRacer', 'NACD', 'NodeRT'];
const NEGATIVE_CONTROL = 'none (negative control)';

const present = readdirSync(EXAMPLES).filter((name) => existsSync(join(EXAMPLES, name, 'conlens.config.json')));

test('every required example is present', () => {
  assert.deepEqual(REQUIRED.filter((name) => !present.includes(name)), []);
});

function sourceOf(dir: string): string {
  const srcDir = join(dir, 'src');
  return readdirSync(srcDir, { recursive: true, encoding: 'utf8' })
    .filter((f) => f.endsWith('.ts'))
    .map((f) => readFileSync(join(srcDir, f), 'utf8'))
    .join('\n');
}

/** Is `Class.method` (or a module-level `name`) declared in this source? */
function declares(source: string, fault: string): boolean {
  const [owner, member] = fault.includes('.') ? fault.split('.') : [undefined, fault];
  const memberDecl = new RegExp(`(^|\\s)(async\\s+)?(static\\s+)?(get\\s+|set\\s+)?${member}\\s*[(<]|function\\s+${member}\\s*[(<]|(const|let)\\s+${member}\\s*=`, 'm');
  if (!owner) return memberDecl.test(source);
  const classStart = source.search(new RegExp(`class\\s+${owner}\\b`));
  return classStart >= 0 && memberDecl.test(source.slice(classStart));
}

for (const name of present.sort()) {
  const dir = join(EXAMPLES, name);
  test(`${name}: project layout, README and expected.json`, () => {
    const expected = JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as Record<string, unknown>;
    // A negative control (fault null) is a correct program: it has no fixed/ variant.
    const control = expected.fault === null;
    const paths = ['README.md', 'package.json', 'expected.json', 'src', 'test/unit', 'test/integration'];
    if (!control) paths.push('fixed/conlens.config.json', 'fixed/src', 'fixed/test/unit', 'fixed/test/integration', 'fixed/README.md');
    for (const path of paths) assert.ok(existsSync(join(dir, path)), `${name}/${path} is missing`);
    assert.deepEqual(Object.keys(expected).sort(), ['bug', 'fault', 'source', 'visible']);
    const bug = expected.bug as string;
    if (control) assert.equal(bug, NEGATIVE_CONTROL);
    // The kind first; a real-world example may say more after it ("atomicity violation (lost update …)").
    else assert.ok(BUGS.some((kind) => bug === kind || bug.startsWith(`${kind} (`) || bug.startsWith(`${kind}: `)), `bug must start with one of ${BUGS.join(', ')}: ${bug}`);
    assert.equal(typeof expected.visible, 'boolean');
    const source = expected.source as string;
    assert.ok(PAPERS.some((paper) => source.startsWith(paper)) || STUDIES.some((study) => source.includes(study)) || control, `source must name a paper file or a bug study (${STUDIES.join(', ')}): ${source}`);
    if (!control) assert.ok(declares(sourceOf(dir), expected.fault as string), `${expected.fault} is not declared in ${name}/src`);
    const config = loadConfig(dir);
    assert.deepEqual(config.warnings, []);
    assert.ok(config.config.unit && config.config.integration, 'both unit and integration commands are configured');
  });
}
