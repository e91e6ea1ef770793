// The TypeScript compiler-API `before` transformer that instruments one file (issue
// "instrumentation"; rules in DESIGN §7). Per named function (the same names as the static call
// graph, function-naming.ts): ENTER with parameters and `this`, EXIT per return path (line of
// the return; 0 = fell off the end), EXC for an exception thrown out. Every `await` / `yield`
// becomes a suspension point the runtime sees (`aw` before, `rs` after); in scheduled runs an
// async generator's `yield` and every `for await` iteration are scheduling points too (`sp`). Inline callbacks run as
// the function around them (`cb` / `lc`). Optionally field reads/writes (`o.p` → `rd(o).p`, which
// keeps the native access: getters, setters, strictness and `this` of method calls unchanged) and
// mutating calls on Array/Map/Set. Calls of lock methods are always reported (`mc`). In scheduled
// runs `new Promise(…)` is wrapped (`np`) so a hang can say where the promise it waits for was made.
// A module prologue registers the file's functions and sites with the runtime, lazily for hoisted
// function declarations (an import cycle may call them before the module body runs); sloppy-mode
// CommonJS JavaScript stays sloppy.
// The runtime API it calls is src/core/runtime/recorder.ts.
import type * as TS from 'typescript';
import { hasModifier, nameFunctions, type NamedFunction } from '../static/function-naming.js';
import { CALLBACK_API_NAMES } from '../runtime/callback-apis.js';
import { KEYED_READS, KEYED_WRITES, MUTATING_METHODS, READING_METHODS } from '../runtime/mutating-methods.js';
import { findSharedVariables } from './shared-variables.js';
import { fastTs, kindTable } from './fast-ts.js';

export interface InstrumentOptions {
  /** The file's path relative to the project root: the `file` of its program points. */
  file: string;
  /** Rewrite field reads/writes and mutating calls. */
  fields: boolean;
  /** Method names that acquire or release a lock (async-mutex's and the config's). */
  lockMethods: string[];
  acquireMethods: string[];
  /** The run has the controlled scheduler: `await lock.acquire()` calls go through the runtime
   *  (`aq`), which makes them scheduling points. */
  scheduled?: boolean;
  /** Only awaits become suspension points (the project's files outside `include` in a scheduled
   *  run: tests and their helpers): no program points, no lock or field events, frames only in
   *  async functions. */
  awaitsOnly?: boolean;
  /** Maps a 0-based position in the file given to the original source's (Jest instruments a
   *  transformer's output: program points and sites must name the user's own lines). */
  mapPosition?: (line: number, character: number) => { line: number; character: number };
}

const RT = '__conlens_rt';
const INIT = '__conlens_m';
const FN_BASE = '__conlens_f';
const SITE_BASE = '__conlens_s';
const FRAME = '__conlens_a';
const ERROR = '__conlens_e';
/** The scope objects whose fields stand for shared variables: the module's, a function's. */
const MODULE_SCOPE = '__conlens_g';
/** A key the printer writes as written inside double quotes (ASCII word characters, `$`, `#`):
 *  any other is a string literal node, which the printer escapes. */
const PLAIN_KEY = /^[\w$#]*$/;
const FUNCTION_SCOPE = '__conlens_v';

// Property reads on these are library lookups, not shared state. Not `exports`: a CommonJS
// module's exported `let` is `exports.x` after TypeScript's emit (a transformer's output under
// Jest, a compiled package) — module state like any other.
const GLOBAL_OBJECTS = new Set([
  'Math', 'JSON', 'console', 'Object', 'Array', 'Number', 'String', 'Boolean', 'Symbol', 'Reflect', 'Promise', 'Proxy',
  'BigInt', 'Date', 'RegExp', 'Error', 'Map', 'Set', 'WeakMap', 'WeakSet', 'Intl', 'Atomics', 'process', 'globalThis',
  'Buffer', 'assert', 'require', 'module',
]);

interface FunctionContext {
  /** The frame variable of this function (undefined in parameter lists and at module level). */
  frame: string | undefined;
  /** Whether `frame` is an activation (named function) or a callback frame. */
  isActivation: boolean;
  named: NamedFunction | undefined;
  fnIndex: number;
  depth: number;
  /** The function is an async generator: in scheduled runs its `yield`s are scheduling points. */
  asyncGenerator?: boolean;
  /** This context's visitor, made once (visitorOf); never copied into another context. */
  visitor?: (node: TS.Node) => TS.VisitResult<TS.Node | undefined>;
}

/** The node kinds `visit` does anything but visit the children of (besides type nodes): every
 *  kind it tests a node itself for, in visit and visitSharedVariable. */
function rewrittenKindsOf(ts: typeof TS): ReadonlySet<TS.SyntaxKind> {
  const k = ts.SyntaxKind;
  return new Set([
    k.Decorator, k.EnumDeclaration, k.HeritageClause, k.InterfaceDeclaration, k.TypeAliasDeclaration, k.ModuleDeclaration,
    k.FunctionDeclaration, k.FunctionExpression, k.ArrowFunction, k.MethodDeclaration, k.Constructor, k.GetAccessor, k.SetAccessor,
    k.Identifier, k.ShorthandPropertyAssignment, k.BinaryExpression, k.PrefixUnaryExpression, k.PostfixUnaryExpression,
    k.AwaitExpression, k.YieldExpression, k.ForOfStatement, k.LabeledStatement, k.CatchClause, k.TryStatement, k.ReturnStatement,
    k.CallExpression, k.ElementAccessExpression, k.SpreadElement, k.VariableDeclaration, k.PropertyAccessExpression, k.NewExpression,
  ]);
}
/** What `visit` does with a node of each kind, by kind (issue 33, part 4: one array read per node
 *  instead of a Set lookup, the type-node test and a dozen kind tests): KEEP returns it as it is —
 *  a token (no children: visitEachChild gives it back unchanged), a type node, decorator, enum,
 *  heritage clause, interface or type alias (never instrumented); CHILDREN visits its children;
 *  FUNCTION is a function-like declaration; REWRITE takes the full path. */
const KEEP = 0;
const CHILDREN = 1;
const FUNCTION = 2;
const REWRITE = 3;
const kindActionsOf = kindTable((ts, actions) => {
  const k = ts.SyntaxKind;
  const rewritten = rewrittenKindsOf(ts);
  for (let kind = 0; kind < actions.length; kind++) {
    actions[kind] = rewritten.has(kind) ? REWRITE : kind < k.FirstNode || ts.isTypeNode({ kind } as TS.Node) ? KEEP : CHILDREN;
  }
  for (const kind of [k.Decorator, k.EnumDeclaration, k.HeritageClause, k.InterfaceDeclaration, k.TypeAliasDeclaration]) actions[kind] = KEEP;
  for (const kind of [k.FunctionDeclaration, k.FunctionExpression, k.ArrowFunction, k.MethodDeclaration, k.Constructor, k.GetAccessor, k.SetAccessor]) {
    actions[kind] = FUNCTION;
  }
});

type SiteKind = 'await' | 'for-await' | 'yield' | 'read' | 'write' | 'update' | 'count' | 'call' | 'lock' | 'promise';

export function instrumentTransformer(typescript: typeof TS, options: InstrumentOptions): TS.TransformerFactory<TS.SourceFile> {
  const ts = fastTs(typescript);
  const kindActions = kindActionsOf(ts);
  const Identifier = ts.SyntaxKind.Identifier;
  const NoSubstitution = ts.EmitFlags.NoSubstitution;
  return (context) => (sourceFile) => {
    const f = context.factory;
    const named = nameFunctions(ts, sourceFile);
    const byDecl = new Map<TS.Node, { fn: NamedFunction; index: number }>();
    if (!options.awaitsOnly) named.forEach((fn, index) => byDecl.set(fn.decl, { fn, index }));
    // The module's function and site tables, emitted as one JSON string each (issue 33: as array
    // literals they were five to seven nodes per site to create, transform and print, and a
    // large array literal is slower for V8 to compile than JSON.parse is).
    const fnTable: (string | number | string[])[][] = [];
    const sites: (string | number)[][] = [];
    // Module and closure variables are shared state (shared-variables.ts): their accesses are
    // recorded as fields of a scope object, one per module and one per activation of a function
    // whose inner functions share its variables.
    const shared = options.fields && !options.awaitsOnly ? findSharedVariables(ts, sourceFile) : undefined;
    const scopeNames = new Map<TS.Node, string>();
    const scopeOf = (owner: TS.Node): string => {
      if (owner === sourceFile) return MODULE_SCOPE;
      let name = scopeNames.get(owner);
      if (!name) scopeNames.set(owner, (name = `${FUNCTION_SCOPE}${scopeNames.size}`));
      return name;
    };
    let usesModuleScope = false;

    /** Code the printer writes as it is given, for the parts of the emitted form that are only
     *  our own names, dots, numbers and plain string keys: `__conlens_rt.rd` (a callee),
     *  `__conlens_s + 2` (a site), `"lock", __conlens_s + 2` (a key and a site). Issue 33: an
     *  identifier node prints its text unchanged, so each is one node to make, transform and print
     *  instead of three to seven, and the output is the same text. Only where no parentheses are
     *  needed around it (a callee, an argument) and nothing a later transform renames or
     *  substitutes is inside (none of the user's names; their nodes stay nodes). */
    // Issue 33, part 4: made without what createIdentifier does that the printer never needs here
    // — its keyword lookup (a Map lookup hashing the whole text; the kind it finds is not even
    // kept) and escaping a leading `__` (a new string, unescaped again by every read of `.text`
    // and by the printer): the node's escaped text is the code itself, which `.text` and the
    // printer give back unchanged as it never starts with three underscores. NoSubstitution: no
    // later transform has anything to substitute in our own names (they resolve to no declaration
    // of the file), and asking each one cost a module-format lookup per node (string work on the
    // file name, TypeScript's onSubstituteNode).
    const text = (code: string): TS.Identifier => {
      // (TypeScript's own second parameter, not in its public types: the keyword kind, given.)
      const node = (f as unknown as { createIdentifier(text: string, kind: TS.SyntaxKind): TS.Identifier }).createIdentifier('', Identifier);
      (node as unknown as { escapedText: string }).escapedText = code;
      return ts.setEmitFlags(node, NoSubstitution);
    };
    const positionOf = (node: TS.Node) => sourceFile.getLineAndCharacterOfPosition(ts.getOriginalNode(node).getStart(sourceFile));
    const mapPosition = options.mapPosition;
    const lineOf = mapPosition ? (node: TS.Node) => { const p = positionOf(node); return mapPosition(p.line, p.character); } : positionOf;
    const addSite = (node: TS.Node, kind: SiteKind, name?: string, on?: TS.Expression): TS.Identifier => {
      const { line, character } = lineOf(node);
      const entries: (string | number)[] = [line + 1, character + 1, kind];
      // A collection site names its receiver as written (`this.cache`): reports say whose
      // elements were read or written, not "the elements".
      const label = on ? receiverLabel(on) : undefined;
      if (name !== undefined || label !== undefined) entries.push(name ?? '');
      if (label !== undefined) entries.push(label);
      sites.push(entries);
      return text(`${SITE_BASE} + ${sites.length - 1}`);
    };
    // Inside function declarations' prologues and parameter lists the runtime may not be set up
    // yet: see the module prologue at the end. There `rt` reads `(__conlens_rt ?? __conlens_m())`.
    let guardRuntime = 0;
    const callee = (method: string) => (guardRuntime > 0 ? `(${RT} ?? ${INIT}()).${method}` : `${RT}.${method}`);
    // NoSubstitution (issue 33, part 4): as for `text`; the call's arguments are substituted as ever.
    const rt = (method: string, args: TS.Expression[]) => ts.setEmitFlags(f.createCallExpression(text(callee(method)), undefined, args), NoSubstitution);
    /** A key and a site, the two arguments after the object of `rd`, `wr`, `up`, `wv`, `mc`:
     *  one piece of text when the key prints as it is (see `text`). */
    const keyAndSite = (key: string, site: TS.Identifier): TS.Expression[] =>
      PLAIN_KEY.test(key) ? [text(`"${key}", ${site.text}`)] : [f.createStringLiteral(key), site];
    const frameActivation = (ctx: FunctionContext): TS.Expression =>
      !ctx.frame ? f.createIdentifier('undefined') : ctx.isActivation ? f.createIdentifier(ctx.frame) : f.createPropertyAccessExpression(f.createIdentifier(ctx.frame), 'act');

    /** `this.cache`, `done`, `this.store.rows`: a receiver made of `this`, names and dots only
     *  (up to four parts), as the user wrote it; anything else has no label. */
    function receiverLabel(node: TS.Expression): string | undefined {
      const parts: string[] = [];
      let e: TS.Expression = ts.getOriginalNode(node) as TS.Expression;
      while (ts.isPropertyAccessExpression(e) && (ts.isIdentifier(e.name) || ts.isPrivateIdentifier(e.name)) && parts.length < 4) {
        parts.unshift(e.name.text);
        e = e.expression;
      }
      if (e.kind === ts.SyntaxKind.ThisKeyword) parts.unshift('this');
      else if (ts.isIdentifier(e)) parts.unshift(e.text);
      else return undefined;
      return parts.join('.');
    }

    const isOptionalChainPart = (node: TS.Node) => (node.flags & ts.NodeFlags.OptionalChain) !== 0;

    function isAssignmentPatternTarget(node: TS.Node): boolean {
      let up = node.parent;
      let child: TS.Node = node;
      while (up && (ts.isArrayLiteralExpression(up) || ts.isObjectLiteralExpression(up) || ts.isPropertyAssignment(up) || ts.isShorthandPropertyAssignment(up) || ts.isSpreadElement(up) || ts.isSpreadAssignment(up) || ts.isParenthesizedExpression(up))) {
        child = up;
        up = up.parent;
      }
      if (child === node) return false;
      return (!!up && ts.isBinaryExpression(up) && up.left === child && up.operatorToken.kind === ts.SyntaxKind.EqualsToken) ||
        (!!up && (ts.isForOfStatement(up) || ts.isForInStatement(up)) && up.initializer === child);
    }

    /** How a property access is used: the rewrite must keep it a valid reference. */
    function accessRole(node: TS.PropertyAccessExpression | TS.ElementAccessExpression): 'read' | 'write' | 'update' | 'skip' {
      let child: TS.Node = node;
      let parent = node.parent;
      while (ts.isParenthesizedExpression(parent)) {
        child = parent;
        parent = parent.parent;
      }
      if ((ts.isCallExpression(parent) || ts.isNewExpression(parent)) && parent.expression === child) return 'skip';
      if (ts.isTaggedTemplateExpression(parent) && parent.tag === child) return 'skip';
      if (ts.isDeleteExpression(parent)) return 'skip';
      if (ts.isBinaryExpression(parent) && parent.left === child) {
        if (parent.operatorToken.kind === ts.SyntaxKind.EqualsToken) return 'write';
        if (parent.operatorToken.kind >= ts.SyntaxKind.FirstCompoundAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastCompoundAssignment) return 'update';
      }
      if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
          (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) return 'update';
      if ((ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.initializer === child) return 'skip';
      if (isAssignmentPatternTarget(node)) return 'skip';
      return 'read';
    }

    /** An update that is a count: `x++`, `x--`, `x += 1`, `x -= 2` (a numeric literal). Counts
     *  commute and each is one synchronous step, so two tasks' counts never race each other
     *  (schedule-evidence/patterns.ts): a statistics counter every method bumps is no evidence. A
     *  `+=` of anything else may be a string's append, and `x += await f()` reads before its await. */
    function updateKind(node: TS.Node): 'update' | 'count' {
      let parent = node.parent;
      while (ts.isParenthesizedExpression(parent)) parent = parent.parent;
      if (ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) return 'count';
      if (ts.isBinaryExpression(parent) && (parent.operatorToken.kind === ts.SyntaxKind.PlusEqualsToken || parent.operatorToken.kind === ts.SyntaxKind.MinusEqualsToken) && ts.isNumericLiteral(parent.right)) return 'count';
      return 'update';
    }

    /** A call of a builtin that iterates its first argument natively (a collection's contents
     *  read out of sight), given a variable, field or element: `Object.fromEntries(x)`, `Array.from(x)`,
     *  `structuredClone(x)`, `new Map(x)`, `new Set(x)`. By name: a local binding that shadows
     *  them is passed through `it` too, which records only Arrays, Maps and Sets and returns its
     *  argument unchanged. */
    function consumesIterable(node: TS.Node): boolean {
      if (!ts.isCallExpression(node) && !ts.isNewExpression(node)) return false;
      // A reference to state that may be shared (a variable, a field, an element); a literal or a
      // call's fresh result (`new Map([['a', 1]])`) is no one else's.
      const first = node.arguments?.[0];
      if (!first || !(ts.isIdentifier(first) || ts.isPropertyAccessExpression(first) || ts.isElementAccessExpression(first)) || !shouldRecordObject(first)) return false;
      const callee = node.expression;
      if (ts.isNewExpression(node)) return ts.isIdentifier(callee) && (callee.text === 'Map' || callee.text === 'Set');
      if (ts.isIdentifier(callee)) return callee.text === 'structuredClone';
      return ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.expression) && ts.isIdentifier(callee.name) &&
        ((callee.expression.text === 'Object' && callee.name.text === 'fromEntries') || (callee.expression.text === 'Array' && callee.name.text === 'from'));
    }

    function shouldRecordObject(expression: TS.Expression): boolean {
      if (expression.kind === ts.SyntaxKind.SuperKeyword) return false;
      if (ts.isIdentifier(expression) && GLOBAL_OBJECTS.has(expression.text)) return false;
      if (ts.isMetaProperty(expression)) return false;
      return true;
    }

    /** A key the runtime may evaluate once more without effect — a literal or a variable — so
     *  it can name the element (`ek`) and read its value before the native access does. */
    function isPlainKey(node: TS.Expression | undefined): node is TS.Expression {
      if (!node) return false;
      if (ts.isPrefixUnaryExpression(node) && node.operator === ts.SyntaxKind.MinusToken) return ts.isNumericLiteral(node.operand);
      return ts.isStringLiteral(node) || ts.isNumericLiteral(node) || ts.isNoSubstitutionTemplateLiteral(node) ||
        (ts.isIdentifier(node) && node.text !== 'arguments');
    }

    /** A key evaluating twice could change (a property, a call, a template with substitutions),
     *  so passed through `ek` once; not one with an await or a yield (its keyed call would wait
     *  across a scheduling point for its key: crk / mck and ek must run in one stretch), nor a
     *  spread. */
    function isKeyLater(node: TS.Expression | undefined): node is TS.Expression {
      if (!node || isPlainKey(node) || ts.isSpreadElement(node)) return false;
      let suspends = false;
      const look = (n: TS.Node): void => {
        if (suspends) return;
        if (ts.isAwaitExpression(n) || ts.isYieldExpression(n)) suspends = true;
        else if (!ts.isFunctionLike(n) && !ts.isClassLike(n)) ts.forEachChild(n, look);
      };
      look(node);
      return !suspends;
    }

    function paramNames(node: TS.SignatureDeclarationBase): string[] {
      const names: string[] = [];
      const collect = (name: TS.BindingName) => {
        if (ts.isIdentifier(name)) names.push(name.text);
        else for (const element of name.elements) if (!ts.isOmittedExpression(element)) collect(element.name);
      };
      for (const parameter of node.parameters) {
        if (ts.isIdentifier(parameter.name) && parameter.name.text === 'this') continue;
        collect(parameter.name);
      }
      return names;
    }

    function visitFunction(node: TS.FunctionLikeDeclaration, outer: FunctionContext): TS.Node {
      const body = node.body;
      if (!body) return ts.visitEachChild(node, visitorOf(outer), context);
      const entry = byDecl.get(node);
      const depth = outer.depth + 1;
      const frame = `${FRAME}${depth}`;
      const asyncGenerator = hasModifier(ts, node, ts.SyntaxKind.AsyncKeyword) && !!node.asteriskToken;
      const ctx: FunctionContext = { frame, isActivation: !!entry, named: entry?.fn, fnIndex: entry?.index ?? -1, depth, asyncGenerator };
      const paramCtx: FunctionContext = { ...ctx, frame: undefined, isActivation: false, visitor: undefined };
      // A function declaration is hoisted: another module of an import cycle may call it before
      // this module's body (and its runtime prologue) ran.
      const hoisted = ts.isFunctionDeclaration(node);
      if (hoisted) guardRuntime++;
      const parameters = f.createNodeArray(node.parameters.map((p) => ts.visitNode(p, visitorOf(paramCtx)) as TS.ParameterDeclaration));
      if (hoisted) guardRuntime--;
      const isAsyncOrGenerator = hasModifier(ts, node, ts.SyntaxKind.AsyncKeyword) || !!node.asteriskToken;

      // Callbacks that cannot suspend and make no calls need no frame. Their body is visited
      // without one: a try/catch/finally in it referred to the frame that is never declared
      // (ReferenceError — transparency suite). With field recording, one that reads or writes
      // `this.…` gets a frame all the same: a library may run it after its function suspended
      // or returned (`return this.lock.runExclusive(() => this.count)`), and its accesses are that
      // function's, in that function's task — not nobody's.
      if (!entry && (options.awaitsOnly ? !isAsyncOrGenerator : !isAsyncOrGenerator && !containsCall(body) && !(options.fields && containsThisAccess(body)))) {
        return replaceBody(node, parameters, ts.visitNode(body, visitorOf({ ...ctx, frame: undefined, visitor: undefined })) as TS.ConciseBody);
      }

      // A derived constructor's frame can only start after its top-level super(...) call: `this`
      // does not exist before it. Code before it (and all of a constructor whose super() is not a
      // top-level statement — in a branch, an arrow — or that never calls super) is visited
      // without a frame: it referred to a frame declared later or nowhere (TDZ / ReferenceError
      // in `super(xs.map((x) => f(x)))`, a callback or try/catch around a branch's super(),
      // `return obj` without super — transparency suite).
      const isConstructor = ts.isConstructorDeclaration(node);
      const derived = isConstructor && !!node.parent && ts.isClassLike(node.parent) &&
        !!node.parent.heritageClauses?.some((h) => h.token === ts.SyntaxKind.ExtendsKeyword);
      const frameless: FunctionContext = { frame: undefined, isActivation: false, named: undefined, fnIndex: -1, depth };
      const superIndex = derived && ts.isBlock(body)
        ? body.statements.findIndex((s) => ts.isExpressionStatement(s) && ts.isCallExpression(s.expression) && s.expression.expression.kind === ts.SyntaxKind.SuperKeyword)
        : -1;
      if (derived && superIndex < 0) return replaceBody(node, parameters, ts.visitNode(body, visitorOf(frameless)) as TS.Block);

      let statements: TS.Statement[];
      const head: TS.Statement[] = [];
      if (ts.isBlock(body)) {
        // visitNodes, not visitNode per statement: a visited statement may become several (a
        // `for await` loop and its resume call); visitNode asserted "Too many nodes written to
        // output" for any `for await` directly in a function body (transparency suite).
        const visitStatements = (list: readonly TS.Statement[], c: FunctionContext) => [...ts.visitNodes(f.createNodeArray(list), visitorOf(c), ts.isStatement)];
        if (derived) head.push(...visitStatements(body.statements.slice(0, superIndex + 1), frameless));
        statements = visitStatements(body.statements.slice(superIndex + 1), ctx);
      } else {
        const expression = ts.visitNode(body, visitorOf(ctx)) as TS.Expression;
        const value = entry ? rt('rt', [f.createIdentifier(frame), expression, f.createNumericLiteral(lineOf(body).line + 1)]) : expression;
        statements = [f.createReturnStatement(value)];
      }

      // Directives stay first (a derived constructor has its super(...) call in `head` already).
      while (!derived && statements.length && ts.isExpressionStatement(statements[0]) && ts.isStringLiteral((statements[0] as TS.ExpressionStatement).expression) && ts.isBlock(body)) {
        head.push(statements.shift()!);
      }

      let prologue: TS.Statement;
      let cleanup: TS.Statement[];
      let handler: TS.CatchClause | undefined;
      if (entry) {
        const usesThis = !ts.isArrowFunction(node) || (!!node.parent && ts.isPropertyDeclaration(node.parent));
        const names = paramNames(node);
        fnTable.push([entry.fn.name, lineOf(node).line + 1, entry.fn.kind, hasModifier(ts, node, ts.SyntaxKind.AsyncKeyword) ? 1 : 0, names]);
        const fnId = text(`${FN_BASE} + ${fnTable.length - 1}`);
        if (hoisted) guardRuntime++;
        prologue = f.createVariableStatement(undefined, f.createVariableDeclarationList([
          f.createVariableDeclaration(frame, undefined, undefined, rt('en', [
            fnId,
            usesThis ? f.createThis() : f.createIdentifier('undefined'),
            text(`[${names.join(', ')}]`),
          ])),
        ], ts.NodeFlags.Const));
        if (hoisted) guardRuntime--;
        handler = f.createCatchClause(ERROR, f.createBlock([
          f.createExpressionStatement(rt('ex', [text(`${frame}, ${ERROR}`)])),
          f.createThrowStatement(f.createIdentifier(ERROR)),
        ], true));
        cleanup = [f.createExpressionStatement(rt('lv', [f.createIdentifier(frame)]))];
      } else {
        // An async function of test code (awaits only) is a task of its own for the scheduler's
        // strategies (`ct`): two concurrent test-code functions are two tasks, not one.
        const testTask = options.awaitsOnly && hasModifier(ts, node, ts.SyntaxKind.AsyncKeyword);
        prologue = f.createVariableStatement(undefined, f.createVariableDeclarationList([
          f.createVariableDeclaration(frame, undefined, undefined, rt(testTask ? 'ct' : 'cb', [frameActivation(outer)])),
        ], ts.NodeFlags.Const));
        cleanup = [f.createExpressionStatement(rt('lc', [f.createIdentifier(frame)]))];
      }
      const guarded = f.createTryStatement(f.createBlock(statements, true), handler, f.createBlock(cleanup, true));
      return replaceBody(node, parameters, f.createBlock([...head, prologue, guarded], true));
    }

    /** A scheduling point that is not an `await` (scheduled runs): `(await sp(frame, site, value)).v`.
     *  The runtime parks the continuation as it parks an await's and hands `value` back in a box,
     *  so a thenable sent with `next(value)` is not unwrapped (a plain `await value` would). */
    function schedulingPoint(frame: TS.Identifier, site: TS.Expression, value: TS.Expression): TS.Expression {
      return f.createPropertyAccessExpression(f.createParenthesizedExpression(f.createAwaitExpression(rt('sp', [frame, site, value]))), 'v');
    }

    /** `for await (x of it) body` → `for await (x of aw(it)) { rs; try { body } finally { aw } }`
     *  followed by `rc` (the loop's last await, or its exit, has no `rs`). In scheduled runs each
     *  iteration is a scheduling point, like an await of `next()`: the body starts with
     *  `rs(sp(…))` and the loop's exit (done, or `break` after return() was awaited) is
     *  `rs(sp(…))` instead of `rc`. The iteration protocol itself stays native (GetIterator,
     *  next/return calls, sync iterables of promises). */
    function visitForAwait(node: TS.ForOfStatement, ctx: FunctionContext): [TS.Statement, TS.Statement] {
      const site = addSite(node, 'for-await');
      const frame = f.createIdentifier(ctx.frame!);
      const iterable = rt('aw', [frame, site, ts.visitNode(node.expression, visitorOf(ctx)) as TS.Expression]);
      const initializer = ts.visitNode(node.initializer, visitorOf(ctx)) as TS.ForInitializer;
      const body = ts.visitNode(node.statement, visitorOf(ctx)) as TS.Statement;
      const resume = () => rt('rs', [frame, site, options.scheduled ? schedulingPoint(frame, site, f.createIdentifier('undefined')) : f.createIdentifier('undefined')]);
      const loopBody = f.createBlock([
        f.createExpressionStatement(resume()),
        f.createTryStatement(f.createBlock([body], true), undefined, f.createBlock([f.createExpressionStatement(rt('aw', [frame, site, f.createIdentifier('undefined')]))], true)),
      ], true);
      const loop = f.updateForOfStatement(node, node.awaitModifier, initializer, iterable, loopBody);
      return [loop, f.createExpressionStatement(options.scheduled ? resume() : rt('rc', [frame]))];
    }

    function containsCall(node: TS.Node): boolean {
      let found = false;
      const look = (n: TS.Node): void => {
        if (found) return;
        if (ts.isCallExpression(n) || ts.isNewExpression(n) || ts.isTaggedTemplateExpression(n)) {
          found = true;
          return;
        }
        ts.forEachChild(n, look);
      };
      look(node);
      return found;
    }

    /** A `this.p` / `this[k]` in the body, not inside a nested non-arrow function (its own `this`). */
    function containsThisAccess(node: TS.Node): boolean {
      let found = false;
      const look = (n: TS.Node): void => {
        if (found || ts.isFunctionDeclaration(n) || ts.isFunctionExpression(n) || ts.isMethodDeclaration(n) || ts.isClassLike(n)) return;
        if ((ts.isPropertyAccessExpression(n) || ts.isElementAccessExpression(n)) && n.expression.kind === ts.SyntaxKind.ThisKeyword) {
          found = true;
          return;
        }
        ts.forEachChild(n, look);
      };
      look(node);
      return found;
    }

    function replaceBody(node: TS.FunctionLikeDeclaration, parameters: TS.NodeArray<TS.ParameterDeclaration>, body: TS.ConciseBody): TS.Node {
      const modifiers = ts.canHaveModifiers(node) ? ts.getModifiers(node) : undefined;
      const decorated = ts.canHaveDecorators(node) ? ts.getDecorators(node) : undefined;
      const allModifiers = decorated || modifiers ? f.createNodeArray([...(decorated ?? []), ...(modifiers ?? [])] as TS.ModifierLike[]) : undefined;
      switch (node.kind) {
        case ts.SyntaxKind.FunctionDeclaration:
          return f.updateFunctionDeclaration(node as TS.FunctionDeclaration, allModifiers, node.asteriskToken, node.name as TS.Identifier, node.typeParameters, parameters, node.type, body as TS.Block);
        case ts.SyntaxKind.FunctionExpression:
          return f.updateFunctionExpression(node as TS.FunctionExpression, modifiers as readonly TS.Modifier[] | undefined, node.asteriskToken, node.name as TS.Identifier, node.typeParameters, parameters, node.type, body as TS.Block);
        case ts.SyntaxKind.ArrowFunction:
          return f.updateArrowFunction(node as TS.ArrowFunction, modifiers as readonly TS.Modifier[] | undefined, node.typeParameters, parameters, node.type, (node as TS.ArrowFunction).equalsGreaterThanToken, body);
        case ts.SyntaxKind.MethodDeclaration:
          return f.updateMethodDeclaration(node as TS.MethodDeclaration, allModifiers, node.asteriskToken, node.name as TS.PropertyName, node.questionToken, node.typeParameters, parameters, node.type, body as TS.Block);
        case ts.SyntaxKind.Constructor:
          return f.updateConstructorDeclaration(node as TS.ConstructorDeclaration, allModifiers, parameters, body as TS.Block);
        case ts.SyntaxKind.GetAccessor:
          return f.updateGetAccessorDeclaration(node as TS.GetAccessorDeclaration, allModifiers, node.name as TS.PropertyName, parameters, node.type, body as TS.Block);
        case ts.SyntaxKind.SetAccessor:
          return f.updateSetAccessorDeclaration(node as TS.SetAccessorDeclaration, allModifiers, node.name as TS.PropertyName, parameters, body as TS.Block);
        default:
          return node;
      }
    }

    /** A function whose inner functions share its variables starts with its scope object:
     *  `const __conlens_vN = {};` (after any directive). */
    function withScopeObject(node: TS.FunctionLikeDeclaration, name: string): TS.Node {
      const body = node.body;
      if (!body || !ts.isBlock(body)) return node;
      const statements = [...body.statements];
      let at = 0;
      while (at < statements.length && ts.isExpressionStatement(statements[at]) && ts.isStringLiteral((statements[at] as TS.ExpressionStatement).expression)) at++;
      statements.splice(at, 0, f.createVariableStatement(undefined, f.createVariableDeclarationList([
        f.createVariableDeclaration(name, undefined, undefined, f.createObjectLiteralExpression()),
      ], ts.NodeFlags.Const)));
      return replaceBody(node, node.parameters, f.updateBlock(body, statements));
    }

    /** The scope object of a shared variable's reference, as an expression. */
    function scopeObject(owner: TS.Node): TS.Identifier {
      return f.createIdentifier(scopeName(owner));
    }
    function scopeName(owner: TS.Node): string {
      if (owner === sourceFile) usesModuleScope = true;
      return scopeOf(owner);
    }

    // Functions of the transformer, not closures made per call: visitSharedVariable runs for
    // every identifier of the file (issue 33, part 4: fewer allocations per visited node).
    const variable = (id: TS.Node) => (ts.isIdentifier(id) ? shared!.references.get(ts.getOriginalNode(id) as TS.Identifier) : undefined);
    const readShared = (id: TS.Identifier) => {
      const v = variable(id)!;
      const scopeText = scopeName(v.owner);
      const site = addSite(id, 'read', v.name);
      if (PLAIN_KEY.test(v.name)) {
        return text(`(${callee('rd')}((${scopeText}.${v.name} = ${id.text}, ${scopeText}), "${v.name}", ${site.text}), ${id.text})`);
      }
      const scope = f.createIdentifier(scopeText);
      const carry = f.createParenthesizedExpression(f.createBinaryExpression(
        f.createAssignment(f.createPropertyAccessExpression(scope, v.name), f.createIdentifier(id.text)), ts.SyntaxKind.CommaToken, scope));
      return f.createParenthesizedExpression(f.createBinaryExpression(
        rt('rd', [carry, ...keyAndSite(v.name, site)]), ts.SyntaxKind.CommaToken, f.createIdentifier(id.text)));
    };
    const updateShared = (id: TS.Identifier, operation: TS.Expression) => {
      const v = variable(id)!;
      const site = addSite(id, updateKind(id), v.name);
      return f.createParenthesizedExpression(f.createBinaryExpression(
        rt('up', [scopeObject(v.owner), ...keyAndSite(v.name, site)]), ts.SyntaxKind.CommaToken, operation));
    };

    /** A read, write or update of a shared (module or closure) variable, or undefined when `node`
     *  is none: `x` → `(rd((S.x = x, S), "x", site), x)` (the scope object carries the value read,
     *  so the event has it without a getter); `x = v` → `x = wv(S, "x", site, v)`; `x++`, `x += v`
     *  → `(up(S, "x", site), x++)`; `{ x }` → `{ x: <read> }`. Destructuring and for-in/of
     *  targets are not recorded (as for properties). */
    function visitSharedVariable(node: TS.Node, ctx: FunctionContext): TS.Node | undefined {
      if (ts.isIdentifier(node)) {
        if (!variable(node) || identifierRole(node) !== 'read') return undefined;
        return readShared(node);
      }
      if (ts.isShorthandPropertyAssignment(node) && variable(node.name) && !node.objectAssignmentInitializer && !isAssignmentPatternTarget(node.name)) {
        return f.createPropertyAssignment(f.createIdentifier(node.name.text), readShared(node.name));
      }
      if (ts.isBinaryExpression(node) && ts.isIdentifier(node.left) && variable(node.left)) {
        const op = node.operatorToken.kind;
        if (op === ts.SyntaxKind.EqualsToken) {
          const v = variable(node.left)!;
          const site = addSite(node.left, 'write', v.name);
          const value = ts.visitNode(node.right, visitorOf(ctx)) as TS.Expression;
          return f.updateBinaryExpression(node, node.left, node.operatorToken, rt('wv', [scopeObject(v.owner), ...keyAndSite(v.name, site), value]));
        }
        if (op >= ts.SyntaxKind.FirstCompoundAssignment && op <= ts.SyntaxKind.LastCompoundAssignment) {
          return updateShared(node.left, f.updateBinaryExpression(node, node.left, node.operatorToken, ts.visitNode(node.right, visitorOf(ctx)) as TS.Expression));
        }
      }
      if ((ts.isPrefixUnaryExpression(node) || ts.isPostfixUnaryExpression(node)) && ts.isIdentifier(node.operand) && variable(node.operand) &&
          (node.operator === ts.SyntaxKind.PlusPlusToken || node.operator === ts.SyntaxKind.MinusMinusToken)) {
        return updateShared(node.operand, node);
      }
      return undefined;
    }

    /** How a variable reference is used; only reads are rewritten at the identifier itself. */
    function identifierRole(id: TS.Identifier): 'read' | 'skip' {
      let child: TS.Node = id;
      let parent = id.parent;
      while (parent && ts.isParenthesizedExpression(parent)) {
        child = parent;
        parent = parent.parent;
      }
      if (!parent) return 'skip';
      if (ts.isBinaryExpression(parent) && parent.left === child &&
          parent.operatorToken.kind >= ts.SyntaxKind.FirstAssignment && parent.operatorToken.kind <= ts.SyntaxKind.LastAssignment) return 'skip';
      if ((ts.isPrefixUnaryExpression(parent) || ts.isPostfixUnaryExpression(parent)) &&
          (parent.operator === ts.SyntaxKind.PlusPlusToken || parent.operator === ts.SyntaxKind.MinusMinusToken)) return 'skip';
      if ((ts.isForOfStatement(parent) || ts.isForInStatement(parent)) && parent.initializer === child) return 'skip';
      if (ts.isShorthandPropertyAssignment(parent) || isAssignmentPatternTarget(id)) return 'skip';
      // `delete x` (sloppy mode) must keep its operand a reference: it answers false for a binding.
      return ts.isExportAssignment(parent) || ts.isExportSpecifier(parent) || ts.isDeleteExpression(parent) ? 'skip' : 'read';
    }

    function visit(node: TS.Node, ctx: FunctionContext): TS.Node | TS.Node[] | undefined {
      // An identifier (the commonest node) is only ever rewritten as a shared variable's read.
      if (node.kind === Identifier) return shared ? (visitSharedVariable(node, ctx) ?? node) : node;
      // Most nodes are none of the kinds below: they go straight to their children (issue 33:
      // the ~30 kind tests each node went through were a third of the transformer's own time).
      const action = kindActions[node.kind];
      if (action === CHILDREN) return ts.visitEachChild(node, visitorOf(ctx), context);
      // Never inside types, decorators, enums, ambient declarations or heritage clauses (KEEP).
      if (action === KEEP || (ts.isModuleDeclaration(node) && hasModifier(ts, node, ts.SyntaxKind.DeclareKeyword))) return node;
      if (action === FUNCTION) {
        const visited = visitFunction(node as TS.FunctionLikeDeclaration, ctx);
        return shared?.functionOwners.has(node) ? withScopeObject(visited as TS.FunctionLikeDeclaration, scopeOf(node)) : visited;
      }
      if (shared) {
        const recorded = visitSharedVariable(node, ctx);
        if (recorded) return recorded;
      }
      if (ctx.frame && ts.isAwaitExpression(node)) {
        const operand = ts.isParenthesizedExpression(node.expression) ? node.expression.expression : node.expression;
        const isCall = ts.isCallExpression(operand);
        // An awaited call's callee as written names the call a finding assumes slow (reports).
        const callee = isCall ? receiverLabel(operand.expression) : undefined;
        const site = addSite(node, 'await', callee);
        const acquires = isCall && ts.isPropertyAccessExpression(operand.expression) && options.acquireMethods.includes(operand.expression.name.text);
        let inner: TS.Expression;
        if (acquires && options.scheduled && ts.isCallExpression(operand) && ts.isPropertyAccessExpression(operand.expression) &&
            !isOptionalChainPart(operand) && !isOptionalChainPart(operand.expression) && !ts.isPrivateIdentifier(operand.expression.name) &&
            operand.expression.expression.kind !== ts.SyntaxKind.SuperKeyword) {
          // `await lock.acquire(…)` → `await aq(lock, 'acquire', site, …)`: a scheduling point.
          const method = operand.expression.name.text;
          const receiver = ts.visitNode(operand.expression.expression, visitorOf(ctx)) as TS.Expression;
          const lockSite = addSite(operand.expression.name, 'lock', method);
          inner = rt('aq', [receiver, ...keyAndSite(method, lockSite), ...operand.arguments.map((a) => ts.visitNode(a, visitorOf(ctx)) as TS.Expression)]);
        } else {
          inner = ts.visitNode(node.expression, visitorOf(ctx)) as TS.Expression;
        }
        const at = `${ctx.frame}, ${site.text}`;
        const suspended = f.createAwaitExpression(rt(isCall ? 'ac' : 'aw', [text(at), inner]));
        return acquires
          ? rt('rl', [text(at), suspended, f.createIdentifier('undefined')])
          : rt('rs', [text(at), suspended]);
      }
      if (ctx.frame && ts.isYieldExpression(node)) {
        const site = addSite(node, 'yield');
        const inner = node.expression ? (ts.visitNode(node.expression, visitorOf(ctx)) as TS.Expression) : f.createIdentifier('undefined');
        const suspended = node.asteriskToken
          ? f.createYieldExpression(node.asteriskToken, rt('aw', [text(`${ctx.frame}, ${site.text}`), inner]))
          : f.createYieldExpression(undefined, rt('aw', [text(`${ctx.frame}, ${site.text}`), inner]));
        // In scheduled runs an async generator's resumption after `yield` / `yield*` (the
        // consumer's next() resumes it synchronously) is a scheduling point, like an await's.
        // Only a normal resumption reaches it: return() / throw() complete the yield abruptly.
        const resumed = options.scheduled && ctx.asyncGenerator
          ? schedulingPoint(f.createIdentifier(ctx.frame), site, suspended)
          : suspended;
        return rt('rs', [text(`${ctx.frame}, ${site.text}`), resumed]);
      }
      if (ctx.frame && ts.isForOfStatement(node) && node.awaitModifier) {
        return visitForAwait(node, ctx);
      }
      if (ctx.frame && ts.isLabeledStatement(node)) {
        // `label: for await (…)`: the label must stay on the loop (`continue label` needs an
        // iteration statement) while the resume call goes after it, so the pair becomes a block
        // `{ label: loop; rc }` — a LabeledStatement cannot hold the two statements (the
        // transformer crashed with "Too many nodes written to output": transparency suite).
        const labels: TS.Identifier[] = [];
        let inner: TS.Statement = node;
        while (ts.isLabeledStatement(inner)) {
          labels.push(inner.label);
          inner = inner.statement;
        }
        if (ts.isForOfStatement(inner) && inner.awaitModifier) {
          const [loop, resume] = visitForAwait(inner, ctx);
          const labelled = labels.reduceRight<TS.Statement>((statement, label) => f.createLabeledStatement(label, statement), loop);
          return f.createBlock([labelled, resume], true);
        }
      }
      if (ctx.frame && (ts.isCatchClause(node) || (ts.isTryStatement(node) && node.finallyBlock))) {
        const visited = ts.visitEachChild(node, visitorOf(ctx), context);
        const resume = f.createExpressionStatement(rt('rc', [f.createIdentifier(ctx.frame)]));
        if (ts.isCatchClause(visited)) {
          return f.updateCatchClause(visited, visited.variableDeclaration, f.updateBlock(visited.block, [resume, ...visited.block.statements]));
        }
        const tryStatement = visited as TS.TryStatement;
        return f.updateTryStatement(tryStatement, tryStatement.tryBlock, tryStatement.catchClause,
          f.updateBlock(tryStatement.finallyBlock!, [resume, ...tryStatement.finallyBlock!.statements]));
      }
      if (ctx.named && ts.isReturnStatement(node) && ctx.isActivation && ctx.frame) {
        const value = node.expression ? (ts.visitNode(node.expression, visitorOf(ctx)) as TS.Expression) : f.createIdentifier('undefined');
        return f.updateReturnStatement(node, rt('rt', [f.createIdentifier(ctx.frame), value, f.createNumericLiteral(lineOf(node).line + 1)]));
      }
      if (options.fields && consumesIterable(node) && !isOptionalChainPart(node)) {
        // `Object.fromEntries(m)`, `Array.from(a)`, `new Map(m)`, … iterate their first argument in
        // native code, out of sight of for…of and spread: a read of its contents, as iteration is
        // (unseen4's nt-metrics: a report built by Object.fromEntries from the window's Map; a
        // count added to it later conflicted with nothing recorded).
        const call = node as TS.CallExpression | TS.NewExpression;
        const [first, ...rest] = call.arguments!;
        const site = addSite(first, 'read', 'iterate', first);
        const args = [rt('it', [ts.visitNode(first, visitorOf(ctx)) as TS.Expression, site]), ...rest.map((a) => ts.visitNode(a, visitorOf(ctx)) as TS.Expression)];
        const callee = ts.visitNode(call.expression, visitorOf(ctx)) as TS.Expression;
        return ts.isCallExpression(call) ? f.updateCallExpression(call, callee, call.typeArguments, args) : f.updateNewExpression(call, callee, call.typeArguments, args);
      }
      if (ts.isCallExpression(node) && ts.isPropertyAccessExpression(node.expression) && !isOptionalChainPart(node) && !isOptionalChainPart(node.expression) &&
          !ts.isPrivateIdentifier(node.expression.name) && node.expression.expression.kind !== ts.SyntaxKind.SuperKeyword) {
        const method = node.expression.name.text;
        const isLockCall = options.lockMethods.includes(method);
        if (method === 'runExclusive' && !options.awaitsOnly) {
          // The callback runs holding the lock: the runtime wraps it to see acquire and release.
          const receiver = ts.visitNode(node.expression.expression, visitorOf(ctx)) as TS.Expression;
          const site = addSite(node.expression.name, 'lock', method);
          return rt('rx', [receiver, site, ...node.arguments.map((a) => ts.visitNode(a, visitorOf(ctx)) as TS.Expression)]);
        }
        if (options.fields && !isLockCall && READING_METHODS.has(method) && shouldRecordObject(node.expression.expression)) {
          // `c.get(k)` → `cr(c, site, 'get', k).get(k)`: the native call on the same receiver.
          const receiver = ts.visitNode(node.expression.expression, visitorOf(ctx)) as TS.Expression;
          const site = addSite(node.expression.name, 'read', method, node.expression.expression);
          const args = node.arguments.map((a) => ts.visitNode(a, visitorOf(ctx)) as TS.Expression);
          if (KEYED_READS.has(method) && isKeyLater(node.arguments[0])) {
            const callee = f.updatePropertyAccessExpression(node.expression, rt('crk', [receiver, site, f.createStringLiteral(method)]), node.expression.name);
            return f.updateCallExpression(node, callee, node.typeArguments, [rt('ek', [args[0]]), ...args.slice(1)]);
          }
          const key = KEYED_READS.has(method) && isPlainKey(node.arguments[0]) ? [args[0]] : [];
          const callee = f.updatePropertyAccessExpression(node.expression, rt('cr', [receiver, ...(PLAIN_KEY.test(method) ? [text(`${site.text}, "${method}"`)] : [site, f.createStringLiteral(method)]), ...key]), node.expression.name);
          return f.updateCallExpression(node, callee, node.typeArguments, args);
        }
        if (isLockCall || (options.fields && MUTATING_METHODS.has(method))) {
          const receiver = ts.visitNode(node.expression.expression, visitorOf(ctx)) as TS.Expression;
          const site = addSite(node.expression.name, isLockCall ? 'lock' : 'call', method, isLockCall ? undefined : node.expression.expression);
          const args = node.arguments.map((a) => ts.visitNode(a, visitorOf(ctx)) as TS.Expression);
          if (!isLockCall && KEYED_WRITES.has(method) && isKeyLater(node.arguments[0])) {
            // `m.set(user.id, v)` → `mck(m, 'set', site).set(ek(user.id), v)`: the key evaluated
            // once, and the write recorded with it (trial 52: `rows.set(cart.id, …)` was a write of
            // the whole map, which no read of entry "c1" met, so the lost update had no pattern).
            const callee = f.updatePropertyAccessExpression(node.expression, rt('mck', [receiver, ...keyAndSite(method, site)]), node.expression.name);
            return f.updateCallExpression(node, callee, node.typeArguments, [rt('ek', [args[0]]), ...args.slice(1)]);
          }
          // `m.set(k, v)` → `mc(m, 'set', site, k).set(k, v)`: a literal or variable key, read twice
          // with no effect, names the entry written (`ek`), as for the keyed reads.
          const key = !isLockCall && KEYED_WRITES.has(method) && isPlainKey(node.arguments[0]) ? [args[0]] : [];
          const callee = f.updatePropertyAccessExpression(node.expression, rt('mc', [receiver, ...keyAndSite(method, site), ...key]), node.expression.name);
          return f.updateCallExpression(node, callee, node.typeArguments, args);
        }
      }
      if (options.fields && ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && ts.isPropertyAccessExpression(node.left) &&
          !isOptionalChainPart(node.left) && shouldRecordObject(node.left.expression) &&
          (node.left.expression.kind === ts.SyntaxKind.ThisKeyword || ts.isIdentifier(node.left.expression))) {
        // `o.p = value` with `o` this or a variable → `o.p = wv(o, 'p', site, value)`: the write is
        // recorded after the right-hand side ran (its reads, its awaits), with the value written.
        const left = node.left;
        const object = ts.visitNode(left.expression, visitorOf(ctx)) as TS.Expression;
        const site = addSite(left.name, 'write', left.name.text);
        const value = ts.visitNode(node.right, visitorOf(ctx)) as TS.Expression;
        return f.updateBinaryExpression(node, f.updatePropertyAccessExpression(left, object, left.name), node.operatorToken,
          rt('wv', [object, ...keyAndSite(left.name.text, site), value]));
      }
      if (options.fields && ts.isElementAccessExpression(node) && !isOptionalChainPart(node) && shouldRecordObject(node.expression) &&
          node.expression.kind !== ts.SyntaxKind.SuperKeyword) {
        // `a[i]` → `ri(a, site, i)[i]` (a write: `wi`); only Arrays are recorded, at run time.
        const role = accessRole(node);
        if (role !== 'skip') {
          const object = ts.visitNode(node.expression, visitorOf(ctx)) as TS.Expression;
          const index = ts.visitNode(node.argumentExpression, visitorOf(ctx)) as TS.Expression;
          const site = addSite(node.argumentExpression, role === 'update' ? updateKind(node) : role, '[]', node.expression);
          const key = isPlainKey(node.argumentExpression) ? [index] : [];
          const recorded = role === 'read'
            ? rt('ri', [object, site, ...key])
            : rt('wi', [object, text(`${site.text}, "${role === 'write' ? 'wr' : 'up'}"`), ...key]);
          return f.updateElementAccessExpression(node, recorded, index);
        }
      }
      if (options.fields && ts.isForOfStatement(node) && !node.awaitModifier) {
        // Iterating an Array / Map / Set reads its contents.
        const site = addSite(node.expression, 'read', 'for-of', node.expression);
        const iterable = rt('it', [ts.visitNode(node.expression, visitorOf(ctx)) as TS.Expression, site]);
        return f.updateForOfStatement(node, undefined, ts.visitNode(node.initializer, visitorOf(ctx)) as TS.ForInitializer, iterable,
          ts.visitNode(node.statement, visitorOf(ctx)) as TS.Statement);
      }
      if (options.fields && ts.isSpreadElement(node) && !isAssignmentPatternTarget(node)) {
        const site = addSite(node, 'read', '...', node.expression);
        return f.updateSpreadElement(node, rt('it', [ts.visitNode(node.expression, visitorOf(ctx)) as TS.Expression, site]));
      }
      if (options.fields && ts.isVariableDeclaration(node) && ts.isArrayBindingPattern(node.name) && node.initializer) {
        const site = addSite(node.initializer, 'read', '[...]', node.initializer);
        const initializer = rt('it', [ts.visitNode(node.initializer, visitorOf(ctx)) as TS.Expression, site]);
        return f.updateVariableDeclaration(node, ts.visitNode(node.name, visitorOf(ctx)) as TS.BindingName, node.exclamationToken, node.type, initializer);
      }
      // `#private` fields too (`rd(this, "#free", site).#free` is valid inside the class): state
      // kept in them is shared like any other field. The runtime cannot peek their values.
      if (options.fields && ts.isPropertyAccessExpression(node) && !isOptionalChainPart(node) && shouldRecordObject(node.expression)) {
        const role = accessRole(node);
        if (role !== 'skip') {
          const object = ts.visitNode(node.expression, visitorOf(ctx)) as TS.Expression;
          const method = role === 'read' ? 'rd' : role === 'write' ? 'wr' : 'up';
          const site = addSite(node.name, role === 'update' ? updateKind(node) : role, node.name.text, node.name.text === 'size' || node.name.text === 'length' ? node.expression : undefined);
          return f.updatePropertyAccessExpression(node, rt(method, [object, ...keyAndSite(node.name.text, site)]), node.name);
        }
      }
      if (options.scheduled && !options.awaitsOnly && isSettledPromiseCall(ts, node) && !isAwaited(ts, node)) {
        // `Promise.resolve(x)` → `po(Promise.resolve(pa(x)), 1)`, `Promise.resolve()` and
        // `Promise.reject(e)` → `po(…, 0)` (scheduled runs): the runtime remembers a promise the
        // program's own code made settled, whose await is no I/O (awaits.ts `po`): a result the
        // code hands on (`return Promise.resolve()` of a semaphore's free permit). One written
        // as an await's own operand (`await Promise.resolve(); // the write system call`) is a
        // yield point the author put there, a stand-in for I/O or a thread's context switch (the
        // papers' examples): it stays a scheduling point (rule 2), and so does a stub of test
        // code's (awaits-only: `serve: () => Promise.resolve()` is the mocked I/O). The call is
        // unchanged — same callee, `this`, argument evaluated once in its place. Before the
        // callback APIs below: `resolve` is one of dns's, and no callback is registered here.
        const visited = ts.visitEachChild(node, visitorOf(ctx), context) as TS.CallExpression;
        const resolveOf = (node.expression as TS.PropertyAccessExpression).name.text === 'resolve' && visited.arguments.length === 1;
        const call = resolveOf ? f.updateCallExpression(visited, visited.expression, visited.typeArguments, [rt('pa', [visited.arguments[0]])]) : visited;
        return rt('po', [call, f.createNumericLiteral(resolveOf ? 1 : 0)]);
      }
      if (!options.awaitsOnly && ts.isCallExpression(node) && node.arguments.length > 0 && !ts.isSpreadElement(node.arguments[node.arguments.length - 1])) {
        // `setImmediate(f)` → `setImmediate(cs(site, f))`: the last argument passes through the
        // runtime right before the call, so a callback registration (runtime/callbacks.ts) knows
        // its call site without capturing the stack.
        const callee = node.expression;
        const name = ts.isIdentifier(callee) ? callee.text : ts.isPropertyAccessExpression(callee) && ts.isIdentifier(callee.name) ? callee.name.text : undefined;
        if (name !== undefined && CALLBACK_API_NAMES.has(name)) {
          const visited = ts.visitEachChild(node, visitorOf(ctx), context) as TS.CallExpression;
          const args = [...visited.arguments];
          args[args.length - 1] = rt('cs', [addSite(ts.isPropertyAccessExpression(callee) ? callee.name : callee, 'call', name), args[args.length - 1]]);
          return f.updateCallExpression(visited, visited.expression, visited.typeArguments, args);
        }
      }
      if (options.scheduled && ts.isNewExpression(node) && ts.isIdentifier(node.expression) && node.expression.text === 'Promise') {
        // `new Promise(executor)` → `np(site, frame, new Promise(executor))` (scheduled runs): the
        // runtime remembers where the promise was made and by whom, for a hang's story
        // (StallEvent.parked[].made). The expression itself is unchanged and evaluated as before —
        // `site` and the frame are plain reads; a throw of the constructor happens before the call.
        // Only the identifier `Promise` as written: `new P(…)` of a subclass, `new (Promise)(…)`,
        // `Reflect.construct(Promise, …)` stay as they are.
        const site = addSite(node, 'promise');
        let visited = ts.visitEachChild(node, visitorOf(ctx), context) as TS.NewExpression;
        const executor = visited.arguments?.length === 1 ? settlingExecutor(visited.arguments[0], site) : undefined;
        if (executor) visited = f.updateNewExpression(visited, visited.expression, visited.typeArguments, [executor]);
        return rt('np', [site, ctx.frame ? f.createIdentifier(ctx.frame) : f.createVoidZero(), visited]);
      }
      return ts.visitEachChild(node, visitorOf(ctx), context);
    }

    /** Issue 30, a promise's settlement as a channel: an executor written in place
     *  (`(resolve, reject) => …`, `function (resolve) { … }`, plain parameter names) starts by
     *  handing its resolve and reject to the runtime, `resolve = ns(site, resolve, 0)`, which gives
     *  back functions that record the settlement first when fields are recorded (else the same
     *  functions). The executor stays the function the constructor calls, so no frame is added to
     *  a stack trace made inside it. Any other executor is left as it is. */
    function settlingExecutor(executor: TS.Expression, site: TS.Identifier): TS.Expression | undefined {
      if (!ts.isArrowFunction(executor) && !ts.isFunctionExpression(executor)) return undefined;
      // A TypeScript `this` parameter is no parameter of the compiled function.
      const params = executor.parameters.filter((p) => !(ts.isIdentifier(p.name) && p.name.text === 'this'));
      if (params.length === 0 || params.length > 2 || params.some((p) => !ts.isIdentifier(p.name) || p.initializer || p.dotDotDotToken)) return undefined;
      // A function that reads `arguments` would see the constructor's own functions there, and
      // ours in its parameters: left as it is (conservatively, any `arguments` inside).
      if (ts.isFunctionExpression(executor) && mentionsArguments(executor.body)) return undefined;
      const handOver = params.map((p, i) => {
        const name = f.createIdentifier((p.name as TS.Identifier).text);
        // A fresh copy of the site expression for each use: one node is not printed in two places.
        const at = text(site.text);
        return f.createExpressionStatement(f.createAssignment(name, rt('ns', [at, name, f.createNumericLiteral(i)])));
      });
      const body = executor.body;
      let statements: TS.Statement[];
      if (ts.isBlock(body)) {
        const directives = [];
        const rest = [...body.statements];
        while (rest.length && ts.isExpressionStatement(rest[0]) && ts.isStringLiteral(rest[0].expression)) directives.push(rest.shift()!);
        statements = [...directives, ...handOver, ...rest];
      } else {
        statements = [...handOver, f.createReturnStatement(body)];
      }
      const block = f.createBlock(statements, true);
      return ts.isArrowFunction(executor)
        ? f.updateArrowFunction(executor, executor.modifiers, executor.typeParameters, executor.parameters, executor.type, executor.equalsGreaterThanToken, block)
        : f.updateFunctionExpression(executor, executor.modifiers, executor.asteriskToken, executor.name, executor.typeParameters, executor.parameters, executor.type, block);
    }

    function mentionsArguments(node: TS.Node): boolean {
      return (ts.isIdentifier(node) && node.text === 'arguments') || (ts.forEachChild(node, mentionsArguments) ?? false);
    }

    /** One visitor function per context, not one closure per visited node. */
    function visitorOf(ctx: FunctionContext): (node: TS.Node) => TS.VisitResult<TS.Node | undefined> {
      return (ctx.visitor ??= (c) => visit(c, ctx));
    }

    const moduleCtx: FunctionContext = { frame: undefined, isActivation: false, named: undefined, fnIndex: -1, depth: 0 };
    const body = sourceFile.statements.map((s) => ts.visitNode(s, visitorOf(moduleCtx)) as TS.Statement | TS.Statement[]).flat();
    if (fnTable.length === 0 && sites.length === 0) return keepSloppy(sourceFile);
    const directives: TS.Statement[] = [];
    while (body.length && ts.isExpressionStatement(body[0]) && ts.isStringLiteral((body[0] as TS.ExpressionStatement).expression)) directives.push(body.shift()!);
    // The module prologue registers the file's functions and sites with the runtime:
    //   var __conlens_rt, __conlens_f, __conlens_s;
    //   function __conlens_m() { __conlens_rt = globalThis.__conlens; [__conlens_f, __conlens_s] = __conlens_rt.m(file, 'fns', 'sites'); return __conlens_rt; }
    // (the two tables as JSON text: recorder-base.ts `m` parses them)
    //   __conlens_rt ?? __conlens_m();
    // A hoisted function declaration reaches it through `(__conlens_rt ?? __conlens_m())`: in an
    // ES module import cycle it can run before this module's body. (With `const` bindings, that
    // call threw "Cannot access '__conlens_rt' before initialization": transparency suite.)
    const declarations = f.createVariableStatement(undefined, f.createVariableDeclarationList(
      [RT, FN_BASE, SITE_BASE, ...(usesModuleScope ? [MODULE_SCOPE] : [])].map((name) => f.createVariableDeclaration(name))));
    const init = f.createFunctionDeclaration(undefined, undefined, INIT, undefined, [], undefined, f.createBlock([
      ...(usesModuleScope ? [f.createExpressionStatement(f.createAssignment(f.createIdentifier(MODULE_SCOPE), f.createObjectLiteralExpression()))] : []),
      f.createExpressionStatement(f.createAssignment(f.createIdentifier(RT), f.createPropertyAccessExpression(f.createIdentifier('globalThis'), '__conlens'))),
      f.createExpressionStatement(f.createAssignment(
        f.createArrayLiteralExpression([f.createIdentifier(FN_BASE), f.createIdentifier(SITE_BASE)]),
        f.createCallExpression(f.createPropertyAccessExpression(f.createIdentifier(RT), 'm'), undefined, [
          f.createStringLiteral(options.file),
          f.createStringLiteral(JSON.stringify(fnTable), true),
          f.createStringLiteral(JSON.stringify(sites), true),
        ]),
      )),
      f.createReturnStatement(f.createIdentifier(RT)),
    ], true));
    const setUp = f.createExpressionStatement(f.createBinaryExpression(f.createIdentifier(RT), ts.SyntaxKind.QuestionQuestionToken, f.createCallExpression(f.createIdentifier(INIT), undefined, [])));
    return keepSloppy(f.updateSourceFile(sourceFile, [...directives, declarations, init, setUp, ...body]));

    /** A CommonJS JavaScript file without "use strict" runs in sloppy mode under Node, but the
     *  emit that follows this transformer prepends "use strict" to every file it transpiles
     *  (TypeScript 6: `alwaysStrict` defaults to true, and transpileModule treats every file as a
     *  module). Instrumenting such a file made it strict: silent writes to frozen objects threw,
     *  `with` and implicit globals failed (transparency suite). Only a transformer can tell the
     *  later stages, through this per-call copy of the options and this file's module flag. */
    function keepSloppy(result: TS.SourceFile): TS.SourceFile {
      const compilerOptions = context.getCompilerOptions();
      // Under `preserve` (another transformer's output), a file without import/export is a script.
      const isCommonJsScript = /\.(js|cjs|jsx)$/.test(sourceFile.fileName) && (compilerOptions.module === ts.ModuleKind.CommonJS
        || (compilerOptions.module === ts.ModuleKind.Preserve && !sourceFile.statements.some((s) => ts.isImportDeclaration(s) || ts.isExportDeclaration(s) || ts.isExportAssignment(s) || hasModifier(ts, s, ts.SyntaxKind.ExportKeyword))));
      if (!isCommonJsScript || hasUseStrict(sourceFile)) return result;
      compilerOptions.alwaysStrict = false;
      const sloppy = result === sourceFile ? f.updateSourceFile(sourceFile, [...sourceFile.statements]) : result;
      (sloppy as { externalModuleIndicator?: unknown }).externalModuleIndicator = undefined;
      return sloppy;
    }

    function hasUseStrict(file: TS.SourceFile): boolean {
      for (const statement of file.statements) {
        if (!ts.isExpressionStatement(statement) || !ts.isStringLiteral(statement.expression)) return false;
        if (statement.expression.getText(file).slice(1, -1) === 'use strict') return true;
      }
      return false;
    }
  };
}

/** `Promise.resolve()`, `Promise.resolve(x)`, `Promise.reject(e)` as written: the identifier
 *  `Promise`, a plain call (no `?.`), no spread, at most one argument. */
function isSettledPromiseCall(ts: typeof TS, node: TS.Node): node is TS.CallExpression {
  if (!ts.isCallExpression(node) || node.questionDotToken || node.arguments.length > 1 || (node.arguments.length === 1 && ts.isSpreadElement(node.arguments[0]))) return false;
  const callee = node.expression;
  if (!ts.isPropertyAccessExpression(callee) || callee.questionDotToken || !ts.isIdentifier(callee.expression) || callee.expression.text !== 'Promise' || !ts.isIdentifier(callee.name)) return false;
  const name = callee.name.text;
  return name === 'reject' ? node.arguments.length === 1 : name === 'resolve';
}

/** `node` is an await's operand (through parentheses). */
function isAwaited(ts: typeof TS, node: TS.Node): boolean {
  let parent = node.parent;
  while (parent && ts.isParenthesizedExpression(parent)) parent = parent.parent;
  return parent !== undefined && ts.isAwaitExpression(parent);
}
