// Atomic sets and units of work for ASSETFUZZER (src/core/active/atomic-sets.ts, 001 §3.1): the
// config's `atomicSets` (validated), `@atomicSet` tags on fields, the inference over M_w, and the
// public methods of the owning class as units of work.
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { join } from 'node:path';
import { ConfigError, loadConfig } from '../../src/core/config/index.ts';
import { atomicSetsAndUnits, inferAtomicSets } from '../../src/core/active/atomic-sets.ts';
import { tempProject } from '../helpers/temp-project.ts';
import { REPO } from '../helpers/cli.ts';

const CLASS = `
export class Stats {
  private count = 0;
  private total = 0;
  private label = '';
  add(x: number): void {
    this.count++;
    this.total += x;
  }
  rename(name: string): void {
    this.label = name;
  }
  mean(): number {
    return this.total / this.count;
  }
  private reset(): void {
    this.count = 0;
  }
}
`;

function project(config: object, source = CLASS): string {
  return tempProject({ 'conlens.config.json': JSON.stringify({ integration: { command: 'node --test' }, ...config }), 'src/stats.ts': source });
}

test('inferred: the member variables one method writes together form a set (002 M_w)', () => {
  assert.deepEqual(inferAtomicSets({ name: 'A', vars: ['a', 'b', 'c', 'd'], writes: { a: ['f'], b: ['f', 'g'], c: ['g'], d: ['h'] } }), [{ class: 'A', fields: ['a', 'b', 'c'] }]);
  const { sets, units } = atomicSetsAndUnits(loadConfig(project({})));
  assert.deepEqual(sets, [{ class: 'Stats', fields: ['count', 'total'], source: 'inferred' }]);
  // Units of work: the public methods (not the private reset, not the constructor).
  assert.deepEqual(units.classes?.Stats?.sort(), ['Stats.add', 'Stats.mean', 'Stats.rename']);
});

test('the config\'s atomicSets replace the inference for their class', () => {
  const { sets } = atomicSetsAndUnits(loadConfig(project({ atomicSets: [{ class: 'Stats', fields: ['total', 'label'] }] })));
  assert.deepEqual(sets, [{ class: 'Stats', fields: ['total', 'label'], source: 'config' }]);
});

test('@atomicSet tags on fields declare sets by name', () => {
  const tagged = CLASS.replace('private count = 0;', '/** @atomicSet summary */ private count = 0;').replace('private label', '/** @atomicSet summary */ private label');
  const { sets } = atomicSetsAndUnits(loadConfig(project({}, tagged)));
  assert.deepEqual(sets, [{ class: 'Stats', fields: ['count', 'label'], source: 'annotation' }]);
});

test('a config naming an unknown class or field is an error that says what exists', () => {
  for (const [atomicSets, path, text] of [
    [[{ class: 'Statz', fields: ['count'] }], 'atomicSets[0].class', /no class "Statz".*known: Stats/],
    [[{ class: 'Stats', fields: ['count', 'sum'] }], 'atomicSets[0].fields', /Stats has no member variable "sum" \(its member variables: count, total, label\)/],
  ] as const) {
    assert.throws(() => atomicSetsAndUnits(loadConfig(project({ atomicSets }))), (error: unknown) => {
      assert.ok(error instanceof ConfigError);
      assert.equal(error.problems[0].path, path);
      assert.match(error.problems[0].message, text);
      return true;
    });
  }
});

test('the schema checks the shape of atomicSets', () => {
  for (const bad of [{ atomicSets: [{ class: 'Stats' }] }, { atomicSets: [{ class: 'Stats', fields: [] }] }, { atomicSets: { class: 'Stats' } }]) {
    assert.throws(() => loadConfig(project(bad)), ConfigError, JSON.stringify(bad));
  }
  assert.deepEqual(loadConfig(project({ atomicSets: [{ class: 'Stats', fields: ['count', 'total'] }] })).config.atomicSets, [{ class: 'Stats', fields: ['count', 'total'] }]);
});

test('001 Fig. 1: Account\'s checking and savings are one inferred set', () => {
  const { sets, units } = atomicSetsAndUnits(loadConfig(join(REPO, 'examples', 'atomic-set-account')));
  assert.deepEqual(sets, [{ class: 'Account', fields: ['checking', 'savings'], source: 'inferred' }]);
  assert.ok(units.classes?.Account?.includes('Account.copyFrom'));
  assert.ok(units.classes?.Account?.includes('Account.creditInterest'));
});
