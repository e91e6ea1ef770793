// Which variables of a file are shared state (DESIGN §2 "shared memory access": module-level `let`
// variables): a `let` / `var` of the module, or of a function whose inner functions use it (a
// closure's captured state). Two tasks that run those inner functions, or two functions of the
// module, share it as they share `this.x` — `if (!instance) instance = await connect()` is the
// lazy singleton's check-then-act on a module variable. The transformer records their accesses
// as fields of one scope object per module or per activation of the declaring function.
// A small lexical resolver over one file (no type checker: `transpileModule` has none): it
// follows block scoping, hoisting, parameters, catch variables and named function expressions, so
// a local that shadows a module variable is never mistaken for it.
import type * as TS from 'typescript';
import { kindTable } from './fast-ts.js';

export interface SharedVariable {
  name: string;
  /** The SourceFile, or the function-like node whose body declares it. */
  owner: TS.Node;
}

export interface SharedVariables {
  /** Each reference (an original Identifier node) to a shared variable, from inside a function. */
  references: Map<TS.Identifier, SharedVariable>;
  /** Owners whose body needs a scope object: the functions declaring captured variables. */
  functionOwners: Set<TS.Node>;
}

interface Binding {
  name: string;
  /** let / var declared directly by a function body or the module (not a block, a parameter…). */
  candidate: boolean;
  owner: TS.Node;
  /** Function depth of the declaring scope (0 = module). */
  depth: number;
  refs: { id: TS.Identifier; depth: number }[];
}

type Scope = Map<string, Binding>;

export function findSharedVariables(ts: typeof TS, sourceFile: TS.SourceFile): SharedVariables {
  const all: Binding[] = [];
  const k = ts.SyntaxKind;
  // One switch, not seven kind tests: it runs for every node of the file (issue 33).
  const isFunctionLike = (n: TS.Node): n is TS.FunctionLikeDeclaration => {
    switch (n.kind) {
      case k.FunctionDeclaration: case k.FunctionExpression: case k.ArrowFunction: case k.MethodDeclaration:
      case k.Constructor: case k.GetAccessor: case k.SetAccessor:
        return true;
      default:
        return false;
    }
  };

  const bindingNames = (name: TS.BindingName, out: string[] = []): string[] => {
    if (ts.isIdentifier(name)) out.push(name.text);
    else for (const e of name.elements) if (!ts.isOmittedExpression(e)) bindingNames(e.name, out);
    return out;
  };

  const declare = (scope: Scope, name: string, owner: TS.Node, depth: number, candidate: boolean) => {
    const binding: Binding = { name, candidate, owner, depth, refs: [] };
    scope.set(name, binding);
    all.push(binding);
  };

  /** `var` names declared anywhere below `node`, not inside nested functions (they hoist to it).
   *  Only statements can hold a declaration list, and an expression a statement only inside a
   *  function or class: the walk enters statements (and their blocks and clauses) only, not the
   *  expressions that are most of a body's nodes (issue 33, part 4). */
  const holdsStatements = statementHolders(ts);
  const hoistedVars = (node: TS.Node, out: string[] = []): string[] => {
    ts.forEachChild(node, (c) => {
      if (ts.isVariableDeclarationList(c)) {
        if (!(c.flags & ts.NodeFlags.BlockScoped)) for (const d of c.declarations) bindingNames(d.name, out);
      } else if (holdsStatements[c.kind]) {
        hoistedVars(c, out);
      }
    });
    return out;
  };

  /** Lexical declarations directly in a statement list (let, const, class, function, imports, enums). */
  const declareLexical = (scope: Scope, statements: readonly TS.Statement[], owner: TS.Node, depth: number, top: boolean) => {
    for (const s of statements) {
      if (ts.isVariableStatement(s) && (s.declarationList.flags & ts.NodeFlags.BlockScoped)) {
        const isLet = (s.declarationList.flags & ts.NodeFlags.BlockScoped) === ts.NodeFlags.Let;
        for (const d of s.declarationList.declarations) for (const n of bindingNames(d.name)) declare(scope, n, owner, depth, top && isLet);
      } else if ((ts.isFunctionDeclaration(s) || ts.isClassDeclaration(s) || ts.isEnumDeclaration(s) || ts.isModuleDeclaration(s)) && s.name && ts.isIdentifier(s.name)) {
        declare(scope, s.name.text, owner, depth, false);
      } else if (ts.isImportDeclaration(s) && s.importClause) {
        const c = s.importClause;
        if (c.name) declare(scope, c.name.text, owner, depth, false);
        if (c.namedBindings && ts.isNamespaceImport(c.namedBindings)) declare(scope, c.namedBindings.name.text, owner, depth, false);
        else if (c.namedBindings) for (const e of c.namedBindings.elements) declare(scope, e.name.text, owner, depth, false);
      } else if (ts.isImportEqualsDeclaration(s)) {
        declare(scope, s.name.text, owner, depth, false);
      }
    }
  };

  const resolve = (chain: Scope[], name: string): Binding | undefined => {
    for (let i = chain.length - 1; i >= 0; i--) {
      const b = chain[i].get(name);
      if (b) return b;
    }
    return undefined;
  };

  /** An identifier that names a value here (not a property name, a declaration, a label, a type).
   *  One table lookup by the parent's kind: it runs for every identifier of the file (issue 33). */
  const rules = referenceRules(ts);
  const isReference = (id: TS.Identifier): boolean => {
    const p = id.parent;
    if (!p) return false;
    switch (rules[p.kind]) {
      case Rule.Expression:
        return (p as TS.PropertyAccessExpression).expression === id;
      case Rule.Never:
        return false;
      case Rule.NotName:
        return (p as TS.NamedDeclaration).name !== id;
      case Rule.NotNames:
        return (p as TS.BindingElement).name !== id && (p as TS.BindingElement).propertyName !== id;
      default:
        return true;
    }
  };

  // The scopes around the node being walked, innermost last, and its function depth: state of the
  // walk rather than arguments, so the walk makes no closure per node (issue 33).
  const identifierKind = k.Identifier;
  let chain: Scope[] = [];
  let depth = 0;
  const walkChild = (c: TS.Node): void => walk(c);
  /** Walks `children` inside one more scope (at function depth `inner`). */
  const within = (scope: Scope, inner: number, children: () => void) => {
    const outerChain = chain;
    const outerDepth = depth;
    chain = [...chain, scope];
    depth = inner;
    children();
    chain = outerChain;
    depth = outerDepth;
  };

  const steps = walkSteps(ts);
  const walk = (node: TS.Node): void => {
    if (node.kind === identifierKind) {
      if (isReference(node as TS.Identifier)) resolve(chain, (node as TS.Identifier).text)?.refs.push({ id: node as TS.Identifier, depth });
      return;
    }
    // One table lookup by kind, not a dozen kind tests per node (issue 33, part 4).
    const step = steps[node.kind];
    if (step === Step.Children) {
      ts.forEachChild(node, walkChild);
      return;
    }
    if (step === Step.Skip) return;
    if (isFunctionLike(node)) {
      const scope: Scope = new Map();
      const inner = depth + 1;
      if (ts.isFunctionExpression(node) && node.name) declare(scope, node.name.text, node, inner, false);
      for (const p of node.parameters) for (const n of bindingNames(p.name)) declare(scope, n, node, inner, false);
      within(scope, inner, () => {
        for (const p of node.parameters) walk(p);
        const body = node.body;
        if (body && ts.isBlock(body)) {
          for (const n of hoistedVars(body)) if (!scope.has(n)) declare(scope, n, node, inner, true);
          declareLexical(scope, body.statements, node, inner, true);
          for (const s of body.statements) walk(s);
        } else if (body) {
          walk(body);
        }
      });
      return;
    }
    if (ts.isBlock(node) || ts.isCaseBlock(node) || ts.isModuleBlock(node)) {
      const scope: Scope = new Map();
      const statements = ts.isCaseBlock(node) ? node.clauses.flatMap((c) => [...c.statements]) : node.statements;
      declareLexical(scope, statements, node, depth, false);
      within(scope, depth, () => ts.forEachChild(node, walkChild));
      return;
    }
    if ((ts.isForStatement(node) || ts.isForOfStatement(node) || ts.isForInStatement(node)) && node.initializer && ts.isVariableDeclarationList(node.initializer) &&
        (node.initializer.flags & ts.NodeFlags.BlockScoped)) {
      const scope: Scope = new Map();
      for (const d of node.initializer.declarations) for (const n of bindingNames(d.name)) declare(scope, n, node, depth, false);
      within(scope, depth, () => ts.forEachChild(node, walkChild));
      return;
    }
    if (ts.isCatchClause(node) && node.variableDeclaration) {
      const scope: Scope = new Map();
      for (const n of bindingNames(node.variableDeclaration.name)) declare(scope, n, node, depth, false);
      within(scope, depth, () => ts.forEachChild(node, walkChild));
      return;
    }
    if (ts.isClassExpression(node) && node.name) {
      const scope: Scope = new Map();
      declare(scope, node.name.text, node, depth, false);
      within(scope, depth, () => ts.forEachChild(node, walkChild));
      return;
    }
    ts.forEachChild(node, walkChild);
  };

  const moduleScope: Scope = new Map();
  for (const n of hoistedVars(sourceFile)) declare(moduleScope, n, sourceFile, 0, true);
  declareLexical(moduleScope, sourceFile.statements, sourceFile, 0, true);
  chain = [moduleScope];
  for (const s of sourceFile.statements) walk(s);

  const references = new Map<TS.Identifier, SharedVariable>();
  const functionOwners = new Set<TS.Node>();
  for (const b of all) {
    if (!b.candidate) continue;
    // A function's variable is shared only when an inner function uses it (a closure); a
    // module's, by every function. Top-level code runs once, as the module loads: not a task.
    const captured = b.depth === 0 || b.refs.some((r) => r.depth > b.depth);
    if (!captured) continue;
    const shared: SharedVariable = { name: b.name, owner: b.owner };
    let used = false;
    for (const r of b.refs) {
      if (r.depth === 0) continue;
      references.set(r.id, shared);
      used = true;
    }
    if (used && b.depth > 0) functionOwners.add(b.owner);
  }
  return { references, functionOwners };
}

/** What the resolver's walk does at a node of each kind: Skip — a token (no children) or a type,
 *  interface, type alias or decorator (no references to values); Scope — one of the kinds it
 *  tests further (a function, block, loop, catch clause, class expression); else its children. */
const enum Step { Children, Skip, Scope }
const walkSteps = kindTable((ts, steps) => {
  const k = ts.SyntaxKind;
  for (let kind = 0; kind < steps.length; kind++) {
    if (kind < k.FirstNode || ts.isTypeNode({ kind } as TS.Node)) steps[kind] = Step.Skip;
  }
  for (const kind of [k.InterfaceDeclaration, k.TypeAliasDeclaration, k.Decorator]) steps[kind] = Step.Skip;
  for (const kind of [k.FunctionDeclaration, k.FunctionExpression, k.ArrowFunction, k.MethodDeclaration, k.Constructor, k.GetAccessor,
    k.SetAccessor, k.Block, k.CaseBlock, k.ModuleBlock, k.ForStatement, k.ForOfStatement, k.ForInStatement, k.CatchClause, k.ClassExpression]) steps[kind] = Step.Scope;
});

/** The kinds a `var` declaration list can be found below without entering a function or class:
 *  statements that hold statements or a declaration list, their blocks and clauses. */
const statementHolders = kindTable((ts, holders) => {
  const k = ts.SyntaxKind;
  for (const kind of [k.Block, k.VariableStatement, k.IfStatement, k.DoStatement, k.WhileStatement, k.ForStatement, k.ForInStatement,
    k.ForOfStatement, k.WithStatement, k.SwitchStatement, k.LabeledStatement, k.TryStatement, k.CaseBlock, k.CaseClause, k.DefaultClause,
    k.CatchClause, k.ModuleDeclaration, k.ModuleBlock]) holders[kind] = 1;
});

/** How an identifier under a parent of each kind refers (isReference): by default it is a reference. */
const enum Rule { Reference, Expression, Never, NotName, NotNames }
const referenceRules = kindTable((ts, rules) => {
  const k = ts.SyntaxKind;
  rules[k.PropertyAccessExpression] = Rule.Expression;
  for (const kind of [k.QualifiedName, k.TypeReference, k.LabeledStatement, k.BreakStatement, k.ContinueStatement,
    k.ImportSpecifier, k.ExportSpecifier, k.ImportClause, k.NamespaceImport, k.ImportEqualsDeclaration, k.NamespaceExport, k.MetaProperty]) rules[kind] = Rule.Never;
  for (const kind of [k.PropertyAssignment, k.PropertyDeclaration, k.MethodDeclaration, k.GetAccessor, k.SetAccessor, k.EnumMember,
    k.PropertySignature, k.MethodSignature, k.VariableDeclaration, k.Parameter, k.FunctionDeclaration, k.FunctionExpression,
    k.ClassDeclaration, k.ClassExpression, k.TypeParameter, k.InterfaceDeclaration, k.TypeAliasDeclaration, k.EnumDeclaration,
    k.ModuleDeclaration]) rules[kind] = Rule.NotName;
  rules[k.BindingElement] = Rule.NotNames;
});
