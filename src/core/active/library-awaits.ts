// Awaits of a library's call (fahunt 2, FA1): `await this.limiter.acquire()` where `acquire` is
// async-sema's. The scheduler models an awaited promise that settles at once, with no timer or I/O
// in between, as a stand-in for slow I/O (a test's fake repository), and may run other work first.
// A library's promise that settles at once did no I/O: an uncontended semaphore, a cache hit, a
// queue with room. No Node run lets a timer or another task's I/O callback in before its
// continuation, so the scheduler must not either: these await sites run promptly when their
// promise settles at once (ScheduleSettings.prompts), as the program's own settled calls do. A
// library call that does real I/O (a driver's query, `fetch`) settles later and stays a choice.
//
// An await is a library's when its operand is a call whose callee the type checker resolves only
// to declarations of a package under node_modules (not TypeScript's lib), directly or through an interface whose
// implementations in the project are thin wrappers over such calls (`{ acquire: () => s.acquire() }`).
// Test code's implementations (a fake outside `include`) keep the stand-in model.
import { ts } from 'ts-morph';
import { relative } from 'node:path';
import type { LoadedConfig } from '../config/config-types.js';
import { calleeSymbol, tokenAt } from '../static/call-graph.js';
import { loadProject, toPosix } from '../static/load-project.js';


export function libraryAwaits(loaded: LoadedConfig, project?: Pick<ReturnType<typeof loadProject>, 'scope' | 'checker' | 'project' | 'program'>): string[] {
  const sites: string[] = [];
  try {
    const { scope, checker, project: morph, program } = project ?? loadProject(loaded.root, loaded.config.include);
    // A package's code, not TypeScript's lib: `await Promise.resolve()` written as such is a yield
    // point its author put there (docs/how-it-works.md, rule 3), and stays a scheduling point.
    const inLibrary = (file: ts.SourceFile) => file.fileName.includes('/node_modules/') && !program.isSourceFileDefaultLibrary(file);
    const scopeFiles = new Set(scope);
    let service: ts.LanguageService | undefined;
    // A function-like that only returns a library call: `() => s.acquire()`, `{ return s.acquire(); }`.
    const wrapsLibrary = (fn: ts.Node, depth: number): boolean => {
      if (!(ts.isArrowFunction(fn) || ts.isFunctionExpression(fn) || ts.isMethodDeclaration(fn) || ts.isFunctionDeclaration(fn)) || !fn.body) return false;
      let returned: ts.Expression | undefined;
      if (ts.isBlock(fn.body)) {
        const [only] = fn.body.statements;
        if (fn.body.statements.length === 1 && only && ts.isReturnStatement(only)) returned = only.expression;
      } else returned = fn.body;
      while (returned && (ts.isParenthesizedExpression(returned) || ts.isAwaitExpression(returned))) returned = returned.expression;
      return !!returned && ts.isCallExpression(returned) && isLibraryCall(returned, depth + 1);
    };
    const isLibraryCall = (call: ts.CallExpression, depth: number): boolean => {
      if (depth > 3) return false;
      const declarations = calleeSymbol(checker, call)?.declarations ?? [];
      if (declarations.length === 0) return false;
      return declarations.every((d) => {
        if (inLibrary(d.getSourceFile())) return true;
        // An interface's member: every implementation the project has wraps a library call.
        if (!(ts.isMethodSignature(d) || ts.isPropertySignature(d))) return false;
        service ??= morph.getLanguageService().compilerObject;
        const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
        const found = service.getImplementationAtPosition(call.getSourceFile().fileName, callee.getStart()) ?? [];
        // Each is a library's, a wrapper of one, or the program's own function (instrumented: its
        // promise, settled at once, already runs promptly); at least one is a library's.
        let library = false;
        const known = found.every((impl) => {
          const file = morph.getSourceFile(impl.fileName)?.compilerNode;
          if (!file) return false;
          if (inLibrary(file)) return (library = true);
          if (!scopeFiles.has(file)) return false; // test code: a fake
          let node: ts.Node | undefined = tokenAt(file, impl.textSpan.start);
          while (node && !ts.isPropertyAssignment(node) && !ts.isMethodDeclaration(node) && !ts.isPropertyDeclaration(node) && !ts.isSourceFile(node)) node = node.parent;
          if (!node || ts.isSourceFile(node)) return false;
          const fn = ts.isMethodDeclaration(node) ? node : node.initializer;
          if (fn && wrapsLibrary(fn, depth)) return (library = true);
          return ts.isMethodDeclaration(node);
        });
        return known && library;
      });
    };
    for (const file of scope) {
      const visit = (node: ts.Node): void => {
        if (ts.isAwaitExpression(node)) {
          let operand: ts.Expression = node.expression;
          while (ts.isParenthesizedExpression(operand)) operand = operand.expression;
          if (ts.isCallExpression(operand) && isLibraryCall(operand, 0)) {
            const { line, character } = file.getLineAndCharacterOfPosition(node.getStart(file));
            sites.push(`${toPosix(relative(loaded.root, file.fileName))}:${line + 1}:${character + 1}`);
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  } catch {
    // Files that do not load: no await is known to be a library's (the stand-in model stays).
  }
  return [...new Set(sites)].sort();
}
