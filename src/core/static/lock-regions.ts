// Where code runs under a lock (DESIGN §2: async mutexes are the `synchronized` of async code):
// the callback of `lock.runExclusive(...)`, and the statements between `await lock.acquire()` and
// the release (the returned release function, or `lock.release()`). Locks are async-mutex's
// Mutex / Semaphore / withTimeout(...) (recognised by type through the checker) and the config's
// lock classes.
import { isAbsolute, resolve as resolvePath } from 'node:path';
import { ts } from 'ts-morph';
import type { LockClass } from '../config/config-types.js';

export interface LockRegion {
  /** Source positions [start, end) covered by the region. */
  start: number;
  end: number;
}

const ASYNC_MUTEX_TYPES = new Set(['Mutex', 'Semaphore', 'MutexInterface', 'SemaphoreInterface']);

export class LockModel {
  constructor(
    private readonly checker: ts.TypeChecker,
    private readonly root: string,
    private readonly lockClasses: LockClass[],
  ) {}

  /** The lock class the type of an expression or declaration belongs to, or undefined when it is not a lock. */
  lockKind(node: ts.Node): { acquire: string[]; release: string[] } | undefined {
    const type = this.checker.getTypeAtLocation(node);
    const symbol = type.getSymbol() ?? type.aliasSymbol;
    if (!symbol) return undefined;
    const file = symbol.declarations?.[0]?.getSourceFile().fileName ?? '';
    if (ASYNC_MUTEX_TYPES.has(symbol.getName()) && file.includes('/async-mutex/')) {
      return { acquire: ['acquire'], release: ['release'] };
    }
    for (const lock of this.lockClasses) {
      if (symbol.getName() !== lock.export) continue;
      const moduleMatches = lock.module.startsWith('.') || isAbsolute(lock.module)
        ? file.replace(/\.[cm]?[jt]sx?$/, '') === resolvePath(this.root, lock.module).replace(/\.[cm]?[jt]sx?$/, '')
        : file.includes(`/node_modules/${lock.module}/`);
      if (moduleMatches) return { acquire: [lock.acquire], release: [lock.release] };
    }
    return undefined;
  }

  /** Lock regions inside a function body (including inline callbacks). */
  regionsIn(body: ts.Node): LockRegion[] {
    const regions: LockRegion[] = [];
    const visit = (node: ts.Node): void => {
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression)) {
        const method = node.expression.name.text;
        const receiver = node.expression.expression;
        if (method === 'runExclusive' && node.arguments[0] && this.lockKind(receiver)) {
          regions.push({ start: node.arguments[0].getStart(), end: node.arguments[0].end });
        } else {
          const kind = this.lockKind(receiver);
          if (kind?.acquire.includes(method)) {
            const region = this.regionAfterAcquire(node, receiver, kind.release);
            if (region) regions.push(region);
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
    return regions;
  }

  /** From the statement holding `acquire()` to the statement that releases, in the same block
   *  (a `try { … } finally { release() }` is inside that statement); else to the block's end. */
  private regionAfterAcquire(acquire: ts.CallExpression, receiver: ts.Expression, releaseNames: string[]): LockRegion | undefined {
    let statement: ts.Node = acquire;
    while (statement.parent && !ts.isBlock(statement.parent) && !ts.isSourceFile(statement.parent)) {
      if (ts.isFunctionLike(statement.parent)) return undefined;
      statement = statement.parent;
    }
    const block = statement.parent as ts.Block;
    if (!block) return undefined;
    // The name the release function is bound to: `const release = await m.acquire()`,
    // `const [, release] = await s.acquire()`.
    const releaseBindings = new Set<string>();
    if (ts.isVariableStatement(statement)) {
      for (const declaration of statement.declarationList.declarations) {
        if (ts.isIdentifier(declaration.name)) releaseBindings.add(declaration.name.text);
        else if (ts.isArrayBindingPattern(declaration.name)) {
          const second = declaration.name.elements[1];
          if (second && ts.isBindingElement(second) && ts.isIdentifier(second.name)) releaseBindings.add(second.name.text);
        }
      }
    }
    const receiverText = receiver.getText();
    const releases = (node: ts.Node): boolean => {
      if (ts.isCallExpression(node)) {
        const callee = node.expression;
        if (ts.isIdentifier(callee) && releaseBindings.has(callee.text)) return true;
        if (ts.isPropertyAccessExpression(callee) && releaseNames.includes(callee.name.text) && callee.expression.getText() === receiverText) return true;
      }
      return ts.forEachChild(node, releases) ?? false;
    };
    const index = block.statements.indexOf(statement as ts.Statement);
    let end = block.end;
    for (let i = index + 1; i < block.statements.length; i++) {
      if (releases(block.statements[i])) {
        end = block.statements[i].end;
        break;
      }
    }
    return { start: statement.end, end };
  }
}

export function within(position: number, region: LockRegion): boolean {
  return position >= region.start && position < region.end;
}
