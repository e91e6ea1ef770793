// ATOMFUZZER's atomic blocks (003 §1; DESIGN §2 "atomic block"), by static name: the config's
// `atomic`, functions marked `/** @atomic */`, and the check-then-act heuristic — an async method
// that touches its object's mutable state (a member variable of V, 002 §3.1, that some method
// other than the constructor writes: directly as `this.v`, or by
// calling a member of its class that reads or writes one, M_r ∪ M_w) both before one of its
// awaits suspends and after it resumes. That is a unit of work over the class's state that spans a
// scheduling point (001 §2: by default every public method is a unit of work over one atomic set
// holding all the class's fields), so another task can run between its check and its act.
// (Regions that hold a mutex are atomic blocks too; the runtime sees those itself.)
import { ts } from 'ts-morph';
import type { LoadedConfig } from '../config/config-types.js';
import { classAccessMaps } from '../static/access-maps.js';
import { buildInventory } from '../static/function-inventory.js';
import { loadProject } from '../static/load-project.js';
import { LockModel } from '../static/lock-regions.js';

export interface AtomicBlocks {
  /** Every atomic block's static name (`Class.method`, `name`), sorted. */
  names: string[];
  /** Where each came from. */
  sources: Record<string, 'config' | 'annotation' | 'check-then-act'>;
  /** Sites (`file:line:column`, 1-based, as the instrumenter numbers them) that enter an atomic
   *  block able to suspend: awaits whose continuation calls one before the function awaits
   *  again, and lock requests (`runExclusive`, `acquire`) whose region holds an await. */
  entries: string[];
}

/** The methods the check-then-act heuristic marks, by the class's file and the method's node. */
function checkThenActMethods(scope: ts.SourceFile[], root: string, locks: LockModel): Set<ts.Node> {
  const found = new Set<ts.Node>();
  const maps = classAccessMaps(scope, root, locks);
  for (const sourceFile of scope) {
    const visitClass = (node: ts.Node): void => {
      if (ts.isClassLike(node) && node.name) {
        const map = maps.find((m) => m.name === node.name!.text && sourceFile.fileName.endsWith(m.file));
        if (map) {
          // Only state some method changes can go stale between a check and an act: a field
          // only the constructor writes (a readonly reference to a collaborator, an id) cannot.
          const vars = new Set(map.vars.filter((v) => (map.writes[v] ?? []).length > 0));
          // Member → the mutable member variables it touches (M_r / M_w already include
          // intra-class calls).
          const touches = new Map<string, number>();
          for (const table of [map.reads, map.writes]) {
            for (const [v, members] of Object.entries(table)) {
              if (vars.has(v)) for (const member of members) touches.set(member, (touches.get(member) ?? 0) + 1);
            }
          }
          for (const member of node.members) {
            if (!ts.isMethodDeclaration(member) || !member.body) continue;
            if (!(ts.getModifiers(member) ?? []).some((m) => m.kind === ts.SyntaxKind.AsyncKeyword)) continue;
            if (spansAwait(member.body, vars, touches)) found.add(member);
          }
        }
      }
      ts.forEachChild(node, visitClass);
    };
    visitClass(sourceFile);
  }
  return found;
}

/** Some state access is evaluated before an await suspends (in or before its operand) and some
 *  after it resumes. Inline callbacks count as the method's code (they run as it).
 *
 *  A guarded wait — an await in the body of a loop whose condition reads the state, as in
 *  `while (this.index === this.max) await this.wait()` — does not split the method: the condition
 *  is checked again after every wake-up, so the check that counts and the act after the loop run
 *  in one segment. 003 §4 found such condition-wait blocks to be the source of its false
 *  atomicity errors ("a call to L.wait() would naturally violate the atomicity assumption") and
 *  proposed not to treat them as atomic; with `if` instead of `while` (no re-check) the await
 *  still splits the method. */
function spansAwait(body: ts.Node, vars: Set<string>, touches: Map<string, number>): boolean {
  const accesses: number[] = [];
  const awaits: number[] = [];
  const touchesState = (node: ts.Node): boolean => {
    if (ts.isPropertyAccessExpression(node) && node.expression.kind === ts.SyntaxKind.ThisKeyword) {
      const name = node.name.text;
      const parent = node.parent;
      const called = ts.isCallExpression(parent) && parent.expression === node;
      return called ? touches.has(name) : vars.has(name);
    }
    return false;
  };
  const readsState = (node: ts.Node): boolean => touchesState(node) || (ts.forEachChild(node, readsState) ?? false);
  const guarded = (node: ts.Node): boolean => {
    for (let up = node.parent; up && up !== body && !ts.isFunctionLike(up); up = up.parent) {
      if ((ts.isWhileStatement(up) || ts.isDoStatement(up)) && up.statement.pos <= node.pos && node.end <= up.statement.end) {
        if (readsState(up.expression)) return true;
      }
    }
    return false;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isClassLike(node)) return;
    if ((ts.isAwaitExpression(node) && !guarded(node)) || (ts.isForOfStatement(node) && node.awaitModifier)) awaits.push(ts.isAwaitExpression(node) ? node.end : node.expression.end);
    if (touchesState(node)) accesses.push(node.getStart());
    ts.forEachChild(node, visit);
  };
  visit(body);
  return awaits.some((end) => accesses.some((p) => p < end) && accesses.some((p) => p >= end));
}

/** The awaits of a function body in source order, its own only (not those of nested functions,
 *  which suspend another activation). */
function ownAwaits(body: ts.Node): ts.AwaitExpression[] {
  const found: ts.AwaitExpression[] = [];
  const visit = (node: ts.Node): void => {
    if (ts.isFunctionLike(node) || ts.isClassLike(node)) return;
    if (ts.isAwaitExpression(node)) found.push(node);
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found.sort((a, b) => a.getStart() - b.getStart());
}

function containsAwait(body: ts.Node): boolean {
  let found = false;
  const visit = (node: ts.Node): void => {
    if (found || ts.isClassLike(node)) return;
    if (ts.isAwaitExpression(node) || (ts.isForOfStatement(node) && node.awaitModifier)) found = true;
    else ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

/** Lock requests whose region (a lock region is an atomic block, 003 §1) contains an await: the
 *  position of the method name, where the instrumenter puts the request's site. */
function suspendingLockRequests(body: ts.Node, locks: LockModel): ts.Node[] {
  const regions = locks.regionsIn(body);
  const found: ts.Node[] = [];
  const hasAwait = (start: number, end: number): boolean => {
    let seen = false;
    const visit = (node: ts.Node): void => {
      if (seen || node.end <= start || node.getStart() >= end) return;
      if (ts.isAwaitExpression(node) && node.getStart() >= start) seen = true;
      else ts.forEachChild(node, visit);
    };
    ts.forEachChild(body, visit);
    return seen;
  };
  const visit = (node: ts.Node): void => {
    if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
      const method = node.expression.name.text;
      const kind = locks.lockKind(node.expression.expression);
      let region: { start: number; end: number } | undefined;
      if (method === 'runExclusive' && kind && node.arguments[0]) {
        region = regions.find((r) => r.start === node.arguments[0].getStart());
      } else if (kind?.acquire.includes(method)) {
        // regionsIn starts an acquire's region at the end of the statement holding it.
        let statement: ts.Node = node;
        while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent) && !ts.isFunctionLike(statement.parent)) statement = statement.parent;
        region = regions.find((r) => r.start === statement.end);
      }
      if (region && hasAwait(region.start, region.end)) found.push(node.expression.name);
    }
    ts.forEachChild(node, visit);
  };
  ts.forEachChild(body, visit);
  return found;
}

const STARTERS = new Set(['all', 'allSettled', 'race', 'any']);

/** The declarations the analyzed code itself starts as tasks (DESIGN §2): calls whose promise
 *  goes into `Promise.all/allSettled/race/any` (directly, spread, or returned by a `.map`
 *  callback) or is dropped un-awaited. 003 §4 names such thread entry methods as its other source
 *  of false atomicity errors ("it is unrealistic to assume that the entry method of a thread is
 *  atomic because such an assumption would make the entire thread atomic"); the check-then-act
 *  heuristic leaves them out. (Calls the tests make are not looked at: a test starting two calls
 *  of the unit under test together is exactly how an atomic method is exercised.) */
function taskEntries(scope: ts.SourceFile[], checker: ts.TypeChecker): Set<ts.Node> {
  const found = new Set<ts.Node>();
  const startedConcurrently = (call: ts.CallExpression): boolean => {
    let node: ts.Node = call;
    for (let up = node.parent; up; node = up, up = up.parent) {
      if (ts.isParenthesizedExpression(up) || ts.isSpreadElement(up) || ts.isArrayLiteralExpression(up)) continue;
      if (ts.isArrowFunction(up) && up.body === node) continue;
      if (ts.isVoidExpression(up) || ts.isExpressionStatement(up)) return true;
      if (ts.isCallExpression(up) && ts.isPropertyAccessExpression(up.expression)) {
        const callee = up.expression;
        if (up.arguments.includes(node as ts.Expression) && callee.name.text === 'map') continue;
        if (up.expression === node) return false;
        return ts.isIdentifier(callee.expression) && callee.expression.text === 'Promise' && STARTERS.has(callee.name.text);
      }
      return false;
    }
    return false;
  };
  for (const sourceFile of scope) {
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && startedConcurrently(node)) {
        const declaration = checker.getResolvedSignature(node)?.getDeclaration();
        if (declaration) found.add(declaration);
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return found;
}

export function atomicBlocks(loaded: LoadedConfig, project?: Pick<ReturnType<typeof loadProject>, 'scope' | 'checker'>): AtomicBlocks {
  const sources: AtomicBlocks['sources'] = {};
  for (const name of loaded.config.atomic) sources[name] = 'config';
  const entries: string[] = [];
  try {
    const { scope, checker } = project ?? loadProject(loaded.root, loaded.config.include);
    const locks = new LockModel(checker, loaded.root, loaded.config.locks ?? []);
    const heuristic = checkThenActMethods(scope, loaded.root, locks);
    for (const entry of taskEntries(scope, checker)) heuristic.delete(entry);
    const inventory = buildInventory(scope, loaded.root, new Set(loaded.config.atomic));
    for (const entry of inventory.entries) {
      if (sources[entry.node.name]) continue;
      if (entry.node.atomic) sources[entry.node.name] = 'annotation';
      else if (heuristic.has(entry.decl)) sources[entry.node.name] = 'check-then-act';
    }
    // Atomic blocks that can suspend: only their windows can be interleaved.
    const suspending = new Set(inventory.entries.filter((e) => sources[e.node.name] && e.decl.body && containsAwait(e.decl.body)).map((e) => e.decl as ts.Node));
    for (const entry of inventory.entries) {
      const body = entry.decl.body;
      if (!body) continue;
      const at = (node: ts.Node) => {
        const { line, character } = entry.sourceFile.getLineAndCharacterOfPosition(node.getStart(entry.sourceFile));
        return `${entry.node.file}:${line + 1}:${character + 1}`;
      };
      for (const name of suspendingLockRequests(body, locks)) entries.push(at(name));
      const awaits = ownAwaits(body);
      awaits.forEach((site, i) => {
        // The continuation: from this await's end through the operand of the next one.
        const from = site.end;
        const to = i + 1 < awaits.length ? awaits[i + 1].end : body.end;
        let enters = false;
        const visit = (node: ts.Node): void => {
          if (enters || node.end <= from || node.getStart() >= to || ts.isClassLike(node)) return;
          if ((ts.isCallExpression(node) || ts.isNewExpression(node)) && node.getStart() >= from) {
            const declaration = checker.getResolvedSignature(node)?.getDeclaration();
            if (declaration && suspending.has(declaration)) enters = true;
          }
          if (!ts.isFunctionLike(node)) ts.forEachChild(node, visit);
        };
        ts.forEachChild(body, visit);
        if (enters) entries.push(at(site));
      });
    }
  } catch {
    // Files that do not load: the config's names only.
  }
  return { names: Object.keys(sources).sort(), sources, entries: [...new Set(entries)].sort() };
}
