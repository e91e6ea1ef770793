// Which functions are task bodies: they pause in a loop (a timer or an immediate they wait for,
// inside a `for`/`while`), as a Java thread's run() sleeps between its steps (004 §V-D's
// producers and consumers). Their steps are meant to interleave with other tasks, so the
// linearization oracle (002 Alg. 2) cannot expect them to act atomically: a test that runs one is
// compared on 002's own outcomes, exceptions and hangs, not on return values or final state.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ts } from 'ts-morph';
import type { FunctionNode } from '../static/static-types.js';

const TIMERS = new Set(['setTimeout', 'setImmediate', 'setInterval']);
const TIMER_CALL = /\b(setTimeout|setImmediate|setInterval)\s*\(/;

function calleeName(call: ts.CallExpression): string | undefined {
  const e = call.expression;
  if (ts.isIdentifier(e)) return e.text;
  if (ts.isPropertyAccessExpression(e)) return e.name.text;
  return undefined;
}

function isLoop(node: ts.Node): boolean {
  return ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node) || ts.isWhileStatement(node) || ts.isDoStatement(node);
}

/** Function name → the line where it pauses in a loop. */
export function taskBodies(root: string, nodes: FunctionNode[]): Map<string, number> {
  const texts = new Map<string, string>();
  const text = (file: string) => {
    if (!texts.has(file)) {
      try {
        texts.set(file, readFileSync(resolve(root, file), 'utf8'));
      } catch {
        texts.set(file, '');
      }
    }
    return texts.get(file)!;
  };
  // Helpers that wait for a timer themselves (`sleep`, `io`): calling one pauses too.
  const pausers = new Set<string>();
  for (const n of nodes) {
    const body = text(n.file).split('\n').slice(n.line - 1, n.endLine).join('\n');
    if (TIMER_CALL.test(body)) pausers.add(n.name.split('.').pop()!);
  }
  const out = new Map<string, number>();
  const byFile = new Map<string, FunctionNode[]>();
  for (const n of nodes) byFile.set(n.file, [...(byFile.get(n.file) ?? []), n]);
  for (const [file, fns] of byFile) {
    const source = ts.createSourceFile(file, text(file), ts.ScriptTarget.Latest, true);
    const lineOf = (node: ts.Node) => source.getLineAndCharacterOfPosition(node.getStart(source)).line + 1;
    const starts = new Map(fns.map((f) => [f.line, f]));
    const visit = (node: ts.Node, owner: FunctionNode | undefined, inLoop: boolean): void => {
      const fn = ts.isFunctionLike(node) && starts.has(lineOf(node)) && !owner ? starts.get(lineOf(node)) : undefined;
      if (fn) {
        ts.forEachChild(node, (c) => visit(c, fn, false));
        return;
      }
      if (owner && inLoop && ts.isCallExpression(node)) {
        const name = calleeName(node);
        if (name && (TIMERS.has(name) || (pausers.has(name) && name !== owner.name.split('.').pop())) && !out.has(owner.name)) out.set(owner.name, lineOf(node));
      }
      ts.forEachChild(node, (c) => visit(c, owner, inLoop || (!!owner && isLoop(node))));
    };
    visit(source, undefined, false);
  }
  return out;
}
