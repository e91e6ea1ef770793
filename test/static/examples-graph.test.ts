// The call graph of every bundled example: the expected edges (004's call chains), the faulty
// function reachable from the configured roots, and the paper's depths where it gives them.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { loadConfig } from '../../src/core/config/index.ts';
import { analyzeProject } from '../../src/core/static/index.ts';
import { REPO } from '../helpers/cli.ts';

interface Expectation {
  edges: string[];
  depth?: Record<string, number>;
  dispatched?: Record<string, string>;
}

const EXPECTED: Record<string, Expectation> = {
  'running-example': {
    edges: ['SA.run -> SA.func1', 'SA.run -> SA.func2', 'SA.func2 -> SA.func3', 'SA.func2 -> SA.func4'],
    depth: { 'SA.run': 0, 'SA.func1': 1, 'SA.func3': 2 }, // 004 §IV-F
  },
  account: { edges: ['checkThenWithdraw -> Account.getBalance', 'checkThenWithdraw -> Account.withdraw'] },
  reorder: { edges: ['SetThread.run -> SetCheck.set', 'CheckThread.run -> SetCheck.check'], depth: { 'SetCheck.set': 3 } },
  'producer-consumer': { edges: ['Producer.run -> SyncStack.push', 'Consumer.run -> SyncStack.pop'], depth: { 'SyncStack.push': 2, 'SyncStack.pop': 2 } },
  'dining-philosophers': { edges: ['Philosopher.run -> Chopstick.pickup', 'Philosopher.run -> Chopstick.pickdown'], depth: { 'Chopstick.pickup': 1 } },
  'bank-transfer': { edges: ['ManageAccount.run -> Account.transfer', 'main -> ManageAccount.run'], depth: { 'Account.transfer': 2 } }, // Table XIV
  'file-appender': {
    edges: ['AppenderSkeleton.doAppend -> FileAppender.append', 'FileAppender.append -> FileAppender.subAppend'],
    depth: { 'AppenderSkeleton.doAppend': 2, 'FileAppender.subAppend': 4 }, // Table IX
    dispatched: { 'FileAppender.append': 'AppenderSkeleton.append' },
  },
  'atomic-set-account': { edges: ['Account.copyFrom -> Account.setEqChk', 'Account.copyFrom -> Account.setEqSav'] },
  queue: { edges: [] },
  'string-buffer': { edges: ['StringBuffer.append -> StringBuffer.length', 'StringBuffer.append -> StringBuffer.getChars'] },
  'dynamic-bin': { edges: ['DynamicBin1D.sampleBootstrap -> DynamicBin1D.sample'] },
};

for (const [example, expected] of Object.entries(EXPECTED)) {
  test(`${example}: call graph edges, fault reachable, depths`, () => {
    const dir = join(REPO, 'examples', example);
    const { config } = loadConfig(dir);
    const analysis = analyzeProject(dir, { include: config.include, roots: config.roots, atomic: config.atomic, locks: config.locks });
    assert.deepEqual(analysis.diagnostics, []);
    const nameOf = new Map(analysis.nodes.map((n) => [n.id, n.name]));
    const edges = new Set(analysis.edges.map((e) => `${nameOf.get(e.from)} -> ${nameOf.get(e.to)}`));
    for (const edge of expected.edges) assert.ok(edges.has(edge), `missing edge ${edge}`);
    const fault = (JSON.parse(readFileSync(join(dir, 'expected.json'), 'utf8')) as { fault: string }).fault;
    const faultNode = analysis.nodes.find((n) => n.name === fault);
    assert.ok(faultNode, `the fault ${fault} is a node`);
    assert.ok(analysis.depth[faultNode.id] !== undefined, `the fault ${fault} is reachable from a root`);
    for (const [name, depth] of Object.entries(expected.depth ?? {})) {
      const node = analysis.nodes.find((n) => n.name === name)!;
      assert.equal(analysis.depth[node.id], depth, `depth(${name})`);
    }
    for (const [name, declared] of Object.entries(expected.dispatched ?? {})) {
      const edge = analysis.edges.find((e) => nameOf.get(e.to) === name && e.declaredTarget);
      assert.ok(edge?.declaredTarget?.endsWith(`#${declared}`), `${name} reached through ${declared}`);
    }
    assert.ok(analysis.stats.resolved / analysis.stats.callSites > 0.9, 'call sites resolved');
  });
}
