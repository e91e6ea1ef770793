// "Debug this interleaving" (issue 34): the line each ▶ decision writes reaches the debugger's
// console even when the test runner replaced `console` — as Vitest's workers do (their console
// sends output to the main process, which a debugger never sees as a console call). A child
// process stands in for the test process: it has CONLENS_DEBUG_DECISIONS set before the runtime
// loads, replaces `console` as a runner would, and listens with an in-process inspector session
// (what js-debug's CDP connection receives).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { spawnSync } from 'node:child_process';
import { join } from 'node:path';
import { pathToFileURL } from 'node:url';
import { REPO } from '../helpers/cli.ts';

const DECISIONS = {
  process: 'test/integration/account.test.ts',
  decisions: [{ decision: 3, step: 18, task: 'T2', file: 'src/account.ts', line: 25, event: 'writes `balance` (30)' }],
};

function debuggedProcess(script: string): { status: number | null; stdout: string; stderr: string } {
  const module = pathToFileURL(join(REPO, 'src', 'core', 'runtime', 'debug-decision.ts')).href;
  const child = spawnSync(process.execPath, ['--import', join(REPO, 'dist', 'register.mjs'), '--input-type=module', '-e', script.replaceAll('MODULE', module)], {
    cwd: REPO,
    encoding: 'utf8',
    env: { ...process.env, CONLENS_DEBUG_DECISIONS: JSON.stringify(DECISIONS) },
  });
  return { status: child.status, stdout: child.stdout, stderr: child.stderr };
}

const LISTEN = `
import { Session } from 'node:inspector';
import { Console } from 'node:console';
import { Writable } from 'node:stream';
const seen = [];
const session = new Session();
session.connect();
session.on('Runtime.consoleAPICalled', ({ params }) => seen.push(params.type + ': ' + params.args.map((a) => a.value).join(' ')));
session.post('Runtime.enable');
// The runner's console: its output goes elsewhere, never to the inspector.
const swallowed = [];
globalThis.console = new Console(new Writable({ write(chunk, _e, done) { swallowed.push(String(chunk)); done(); } }));
const { debugDecision, rekeyDebugDecisions } = await import('MODULE');
`;

test('a ▶ decision writes its line to the inspector console, past a console the runner replaced', () => {
  const { status, stdout, stderr } = debuggedProcess(`${LISTEN}
// A Vitest worker learns its test file once started (vitest-setup.ts).
rekeyDebugDecisions('test/integration/account.test.ts');
debugDecision(2);
debugDecision(3);
debugDecision(4);
session.disconnect();
process.stdout.write(JSON.stringify({ seen, swallowed }));
`);
  assert.equal(status, 0, stderr);
  const { seen, swallowed } = JSON.parse(stdout) as { seen: string[]; swallowed: string[] };
  assert.deepEqual(seen, ['warning: conlens: ▶ decision 3: task T2 — writes `balance` (30) (step 18, src/account.ts:25)'], 'one line, for the one ▶ decision');
  assert.deepEqual(swallowed, [], 'nothing went through the runner\'s console');
});
