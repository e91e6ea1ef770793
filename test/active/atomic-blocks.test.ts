// ATOMFUZZER's atomic blocks (src/core/active/atomic-blocks.ts): the config's names, `@atomic`
// and the check-then-act heuristic (state touched before an await suspends and after it resumes).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { atomicBlocks } from '../../src/core/active/index.ts';
import { REPO } from '../helpers/cli.ts';

const blocks = (name: string) => atomicBlocks(loadConfig(join(REPO, 'examples', name))).sources;

test('check-then-act: a method touching its state on both sides of an await is an atomic block', () => {
  // 002 Fig. 1: getqueuetop checks qsize, awaits, then reads items[qsize - 1].
  assert.equal(blocks('queue')['Queue.getqueuetop'], 'check-then-act');
  // 001 Fig. 1: copyFrom writes checking (through setEqChk), awaits, writes savings (setEqSav).
  assert.equal(blocks('atomic-set-account')['Account.copyFrom'], 'check-then-act');
  // Single-region methods and synchronous ones are not.
  const account = blocks('atomic-set-account');
  for (const name of ['Account.creditInterest', 'Account.getChk', 'Account.setEqChk']) assert.equal(account[name], undefined, name);
  // 000 StringBuffer.append reads count, awaits sb.getChars, writes count; the fix copies first.
  assert.equal(blocks('string-buffer')['StringBuffer.append'], 'check-then-act');
  assert.equal(blocks('string-buffer/fixed')['StringBuffer.append'], undefined);
});

test('the config names and @atomic come first', () => {
  assert.equal(blocks('account').checkThenWithdraw, 'config');
  assert.equal(blocks('reorder')['SetCheck.set'], 'config');
  assert.deepEqual(Object.keys(blocks('dynamic-bin')), []);
});

test('entries: awaits whose continuation calls an atomic block that can suspend', () => {
  const reorder = atomicBlocks(loadConfig(join(REPO, 'examples', 'reorder')));
  // SetThread.run: `await Promise.resolve(); await this.sc.set();` — set() is @atomic and awaits.
  assert.deepEqual(reorder.entries, ['src/reorder-test.ts:8:5']);
  // Lock regions that hold an await: string-buffer's append region (runExclusive at line 63),
  // log4j's doAppend region (await this.lock.acquire() at line 51).
  assert.ok(atomicBlocks(loadConfig(join(REPO, 'examples', 'string-buffer'))).entries.includes('src/string-buffer.ts:63:22'));
  assert.ok(atomicBlocks(loadConfig(join(REPO, 'examples', 'file-appender'))).entries.includes('src/appender-skeleton.ts:51:37'));
  // checkThenWithdraw is atomic, but it is called from the test only.
  assert.deepEqual(atomicBlocks(loadConfig(join(REPO, 'examples', 'account'))).entries, []);
});

// 003 §4: its false atomicity errors came from blocks that wait on a condition and from thread
// entry methods; the heuristic leaves both out (and state only the constructor writes).
test('check-then-act leaves out guarded waits, task entry methods and constructor-only fields', () => {
  // `if (this.index === this.max) await this.wait()` (the bug) splits push; `while` re-checks.
  assert.equal(blocks('producer-consumer')['SyncStack.push'], 'check-then-act');
  assert.equal(blocks('producer-consumer/fixed')['SyncStack.push'], undefined);
  // main() starts every run() in Promise.all: the whole task is not one atomic block.
  for (const name of ['Producer.run', 'Consumer.run']) assert.equal(blocks('producer-consumer')[name], undefined, name);
  // ManageAccount.run touches only readonly references (account, accounts, i) between awaits.
  assert.equal(blocks('bank-transfer/fixed')['ManageAccount.run'], undefined);
});
