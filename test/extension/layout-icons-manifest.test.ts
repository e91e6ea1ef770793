// The call graph layout, the generated gutter icons, the invariant grammar (its regexes on the
// text `conlens mine` writes) and the manifest's promises (command titles the e2e test types,
// views, colors equal to the icon defaults, menus naming real commands).
import { test } from 'node:test';
import assert from 'node:assert/strict';
import { mkdtempSync, mkdirSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import type { StaticAnalysis } from '../../src/core/static/static-types.ts';
import { loadConfig } from '../../src/core/config/index.ts';
import { flagClass, layoutCallGraph, NODE_HEIGHT, NODE_WIDTH } from '../../src/extension/model/graph-layout.ts';
import { HEAT_BUCKETS, HEAT_DEFAULTS, heatColor, heatIconName, heatIconSvg } from '../../src/extension/model/heat-icons.ts';
import { rerank } from '../../src/extension/model/report-model.ts';
import { starterConfig } from '../../src/core/config/starter-config.ts';
import { graphHtml } from '../../src/extension/model/graph-html.ts';
import { report } from './fixtures.ts';

function analysis(): StaticAnalysis {
  const node = (id: string, name: string, line: number) => ({ id, name, file: id.split('#')[0], line, endLine: line + 3, kind: 'method' as never, async: true, atomic: false });
  return {
    version: 1,
    root: '/p',
    nodes: [
      node('src/account.ts#checkThenWithdraw', 'checkThenWithdraw', 37),
      node('src/account.ts#Account.getBalance', 'Account.getBalance', 19),
      node('src/account.ts#Account.withdraw', 'Account.withdraw', 23),
      node('src/account.ts#InsufficientFundsError.constructor', 'InsufficientFundsError.constructor', 4),
      node('src/other.ts#orphan', 'orphan', 1),
    ],
    edges: [
      { from: 'src/account.ts#checkThenWithdraw', to: 'src/account.ts#Account.getBalance', sites: [38] },
      { from: 'src/account.ts#checkThenWithdraw', to: 'src/account.ts#Account.withdraw', sites: [39] },
      { from: 'src/account.ts#Account.withdraw', to: 'src/account.ts#InsufficientFundsError.constructor', sites: [25] },
      { from: 'src/account.ts#Account.withdraw', to: 'src/account.ts#Account.withdraw', sites: [26] },
      { from: 'src/account.ts#Account.withdraw', to: 'missing#x', sites: [27] },
    ],
    roots: ['src/account.ts#checkThenWithdraw'],
    depth: { 'src/account.ts#checkThenWithdraw': 0, 'src/account.ts#Account.getBalance': 1, 'src/account.ts#Account.withdraw': 1, 'src/account.ts#InsufficientFundsError.constructor': 2 },
    calledAfter: [],
    classes: [],
    diagnostics: [],
    stats: { files: 1, lines: 40, functions: 5, callSites: 4, resolved: 4, inScope: 4, dispatched: 0 },
  };
}

test('layered layout: one layer per depth, unreachable below, no overlaps, ranks and flags attached', () => {
  const layout = layoutCallGraph(analysis(), rerank(report()));
  const at = (name: string) => layout.nodes.find((n) => n.name === name)!;
  assert.ok(at('checkThenWithdraw').y < at('Account.getBalance').y);
  assert.equal(at('Account.getBalance').y, at('Account.withdraw').y);
  assert.ok(at('Account.withdraw').y < at('InsufficientFundsError.constructor').y);
  assert.ok(at('InsufficientFundsError.constructor').y < at('orphan').y);
  assert.equal(at('orphan').depth, null);
  // Self-calls and edges to unknown nodes are left out.
  assert.equal(layout.edges.length, 3);
  for (const a of layout.nodes) {
    assert.ok(a.x >= 0 && a.x + NODE_WIDTH <= layout.width && a.y + NODE_HEIGHT <= layout.height, `${a.name} inside the canvas`);
    for (const b of layout.nodes) if (a !== b && a.y === b.y) assert.ok(Math.abs(a.x - b.x) >= NODE_WIDTH, `${a.name} and ${b.name} overlap`);
  }
  assert.equal(at('Account.getBalance').rank, 1);
  assert.deepEqual(at('Account.getBalance').flags, { EN: 1, EX: 1 });
  assert.equal(at('Account.withdraw').rank, 3);
  assert.equal(at('checkThenWithdraw').rank, undefined);
  assert.equal(flagClass(at('Account.getBalance').flags), 'flag-11');
  assert.equal(flagClass(undefined), 'flag-none');
});

test('barycenter sweeps put callees under their callers', () => {
  const a = analysis();
  // Two roots, each with its own callee; ids chosen so alphabetical order would cross the edges.
  const node = (id: string) => ({ id, name: id, file: 'f.ts', line: 1, endLine: 2, kind: 'function' as never, async: false, atomic: false });
  a.nodes = ['a', 'b', 'y', 'z'].map(node);
  a.edges = [
    { from: 'a', to: 'z', sites: [1] },
    { from: 'b', to: 'y', sites: [1] },
  ];
  a.depth = { a: 0, b: 0, y: 1, z: 1 };
  const layout = layoutCallGraph(a);
  const x = (id: string) => layout.nodes.find((n) => n.id === id)!.x;
  assert.equal(x('z') < x('y'), x('a') < x('b'));
});

test('heat icons: one SVG per bucket, taller when hotter, user color overrides baked in', () => {
  const heights = Array.from({ length: HEAT_BUCKETS }, (_, b) => Number(/height="(\d+)" rx/.exec(heatIconSvg(b, '#ff0000'))![1]));
  assert.deepEqual(heights, [...heights].sort((a, b) => b - a));
  assert.equal(new Set(heights).size, HEAT_BUCKETS);
  assert.match(heatIconSvg(0, '#123456'), /fill="#123456"/);
  assert.match(heatIconSvg(0, 'url(javascript:x)'), /fill="#888888"/);
  assert.equal(heatColor(1, 'dark', { 'conlens.heat1': '#00ff00' }), '#00ff00');
  assert.equal(heatColor(1, 'light', { 'conlens.heat1': 'red' }), HEAT_DEFAULTS[1].light);
  assert.equal(heatIconName(2, 'dark', '#e2c541'), 'conlens-heat-2-dark-e2c541.svg');
});

const pkg = JSON.parse(readFileSync('package.json', 'utf8'));

test('manifest: the commands the issue names, in the "Concurrency Lens" category', () => {
  const titles = Object.fromEntries(pkg.contributes.commands.map((c: { command: string; title: string; category: string }) => [c.title, c]));
  for (const title of ['Rank suspicious functions', 'Run active testing', 'Mine invariants', 'Replay violation', 'Show call graph', 'Open report', 'Clear results']) {
    assert.equal(titles[title]?.category, 'Concurrency Lens', title);
  }
  const ids = new Set(pkg.contributes.commands.map((c: { command: string }) => c.command));
  for (const [menu, items] of Object.entries(pkg.contributes.menus as Record<string, { command: string }[]>)) {
    for (const item of items) assert.ok(ids.has(item.command), `${menu}: ${item.command}`);
  }
  const source = ['commands.ts', 'extension.ts'].map((f) => readFileSync(join('src/extension', f), 'utf8')).join('\n');
  for (const id of ids) assert.match(source, new RegExp(`'${String(id).replace('.', '\\.')}'`), `${id} is registered`);
});

test('manifest: views, welcome content, colors equal to the icon defaults, trust, grammar', () => {
  assert.deepEqual(pkg.contributes.views.conlens.map((v: { id: string; name: string }) => [v.id, v.name]), [
    ['conlens.suspicious', 'Suspicious Functions'],
    ['conlens.invariants', 'Failure Invariants'],
    ['conlens.violations', 'Violations'],
  ]);
  assert.equal(pkg.contributes.viewsContainers.activitybar[0].icon, 'media/conlens.svg');
  const welcome = pkg.contributes.viewsWelcome.map((w: { contents: string }) => w.contents).join('\n');
  assert.match(welcome, /\(command:conlens\.rank\)/);
  assert.match(welcome, /\(command:conlens\.createConfig\)/);
  const colors = Object.fromEntries(pkg.contributes.colors.map((c: { id: string; defaults: { dark: string; light: string } }) => [c.id, c.defaults]));
  HEAT_DEFAULTS.forEach((d, b) => assert.deepEqual({ dark: colors[`conlens.heat${b}`].dark, light: colors[`conlens.heat${b}`].light }, d));
  assert.equal(pkg.capabilities.untrustedWorkspaces.supported, 'limited');
  for (const key of ['configPath', 'runs', 'seed', 'strategy', 'jobs', 'timeoutMs', 'colorBuckets', 'decorateAfterRun']) assert.ok(pkg.contributes.configuration.properties[`conlens.${key}`], key);
  assert.deepEqual(pkg.contributes.languages[0].extensions, ['.inv.txt']);
});

/** The grammar's match rules as JS regexes (Oniguruma and JS agree on what these use). */
function rule(name: string): RegExp {
  const grammar = JSON.parse(readFileSync('syntaxes/conlens-invariants.tmLanguage.json', 'utf8'));
  return new RegExp(grammar.repository[name].match);
}

test('grammar: program point headers, separators, numbers on text conlens mine writes', () => {
  const header = rule('header');
  const m = header.exec('Account.withdraw(amount, to):::ENTER')!;
  assert.deepEqual([m[1], m[3], m[6]], ['Account.withdraw', 'amount, to', 'ENTER']);
  assert.deepEqual(header.exec('SA.func1():::EXIT12')!.slice(1, 7), ['SA.func1', '(', '', ')', ':::', 'EXIT12']);
  assert.equal(header.exec('Queue.take:::EXIT')![1], 'Queue.take');
  assert.equal(header.exec('this.balance == orig(this.balance)'), null);
  assert.ok(rule('separator').test('='.repeat(75)));
  const numbers = 'amount one of { 30, -70, 1.5e3 } x2 == 3'.match(new RegExp(rule('number').source, 'g'));
  assert.deepEqual(numbers, ['30', '-70', '1.5e3', '3']);
  assert.equal(rule('variable').exec('this.lock._semaphore != null')![0], 'this.lock._semaphore');
});

test('a starter configuration is one loadConfig accepts', () => {
  const dir = mkdtempSync(join(tmpdir(), 'conlens-starter-'));
  for (const d of ['src', 'test/unit', 'test/integration']) mkdirSync(join(dir, d), { recursive: true });
  writeFileSync(join(dir, 'src/a.ts'), 'export const a = 1;\n');
  writeFileSync(join(dir, 'test/unit/a.test.ts'), '');
  writeFileSync(join(dir, 'test/integration/a.test.ts'), '');
  writeFileSync(join(dir, 'conlens.config.json'), starterConfig({ folders: ['src', 'test'], hasUnitTests: true, hasIntegrationTests: true }));
  try {
    const loaded = loadConfig(dir);
    assert.deepEqual(loaded.warnings, []);
    assert.equal(loaded.config.integration?.runs, 20);
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});

test('the graph webview page: strict CSP, one nonce script, nothing inline', () => {
  const html = graphHtml({ cspSource: 'https://x.vscode-cdn.net', nonce: 'abc+/=', scriptUri: 'https://x/graph.js', styleUri: 'https://x/graph.css' });
  const csp = /http-equiv="Content-Security-Policy" content="([^"]+)"/.exec(html)![1];
  assert.match(csp, /default-src 'none'/);
  assert.match(csp, /script-src 'nonce-abc\+\/='/);
  assert.doesNotMatch(csp, /unsafe-inline|unsafe-eval|\*/);
  assert.equal((html.match(/<script/g) ?? []).length, 1);
  assert.match(html, /<script nonce="abc\+\/=" src="https:\/\/x\/graph\.js"><\/script>/);
  assert.doesNotMatch(html, /\son[a-z]+=|style=/i, 'no inline handlers or styles');
  const script = readFileSync('media/graph.js', 'utf8');
  assert.doesNotMatch(script, /\beval\(|new Function|innerHTML|\.on[a-z]+ =/, 'the webview script builds DOM nodes, no HTML strings or handler properties');
});
