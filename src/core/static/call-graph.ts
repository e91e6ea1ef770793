// The static call graph (004 IV-C): calls and `new` resolved with the type checker, inline
// callbacks attributed to the enclosing function, interface/abstract/overridden targets replaced by
// the implementations that can run (Fig. 4-5), roots, depths (IV-F: root depth 0), and the static
// "always called after" facts that 004 eq. (6) uses besides "calls".
import { DirectedGraph } from 'graphology';
import { singleSourceLength } from 'graphology-shortest-path/unweighted';
import { relative } from 'node:path';
import { ts, type Project } from 'ts-morph';
import { ClassHierarchy } from './class-hierarchy.js';
import { memberNameText, type Inventory, type InventoryEntry } from './function-inventory.js';
import { toPosix } from './load-project.js';
import type { CallEdge, CalledAfter, CallGraphStats, FunctionNode } from './static-types.js';

export interface CallGraphResult {
  edges: CallEdge[];
  calledAfter: CalledAfter[];
  stats: Pick<CallGraphStats, 'callSites' | 'resolved' | 'inScope' | 'dispatched'>;
}

function isFunctionLike(node: ts.Node): boolean {
  return ts.isFunctionLike(node) && !ts.isCallSignatureDeclaration(node) && !ts.isMethodSignature(node) && !ts.isFunctionTypeNode(node);
}

/** Overload signatures resolve to a body-less declaration: use the implementation next to it. */
function implementationOf(decl: ts.Declaration): ts.Declaration {
  if ((ts.isMethodDeclaration(decl) || ts.isFunctionDeclaration(decl) || ts.isConstructorDeclaration(decl)) && !decl.body) {
    const siblings: readonly ts.Node[] = ts.isClassLike(decl.parent)
      ? decl.parent.members
      : ts.isSourceFile(decl.parent) || ts.isModuleBlock(decl.parent) || ts.isBlock(decl.parent)
        ? decl.parent.statements
        : [];
    const name = decl.name ? memberNameText(decl.name as ts.PropertyName, decl.getSourceFile()) : undefined;
    const implementation = siblings.find(
      (s) =>
        s.kind === decl.kind &&
        (s as ts.FunctionLikeDeclaration).body !== undefined &&
        (ts.isConstructorDeclaration(s) || memberNameText((s as ts.MethodDeclaration).name, decl.getSourceFile()) === name),
    );
    if (implementation) return implementation as ts.Declaration;
  }
  return decl;
}

/** The symbol a call's callee names (`f`, `o.m`, through parentheses and `!`), aliases followed:
 *  no overload resolution. Undefined for a callee that is no name (`f()()`, `a[i]()`). */
export function calleeSymbol(checker: ts.TypeChecker, call: ts.CallExpression | ts.NewExpression): ts.Symbol | undefined {
  let callee: ts.Expression = call.expression;
  while (ts.isParenthesizedExpression(callee) || ts.isNonNullExpression(callee)) callee = callee.expression;
  const name = ts.isPropertyAccessExpression(callee) ? callee.name : ts.isIdentifier(callee) ? callee : undefined;
  const symbol = name ? checker.getSymbolAtLocation(name) : undefined;
  return symbol && symbol.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(symbol) : symbol;
}

/** The token at a position (the language service answers with spans; TypeScript's own helper). */
export function tokenAt(file: ts.SourceFile, position: number): ts.Node {
  return (ts as unknown as { getTokenAtPosition(f: ts.SourceFile, p: number): ts.Node }).getTokenAtPosition(file, position);
}

export function buildCallGraph(project: Project, checker: ts.TypeChecker, files: ts.SourceFile[], inventory: Inventory, root: string): CallGraphResult {
  const hierarchy = new ClassHierarchy(checker, files, inventory);
  const edgeMap = new Map<string, CallEdge>();
  const targetsByCall = new Map<ts.Node, InventoryEntry[]>();
  const stats = { callSites: 0, resolved: 0, inScope: 0, dispatched: 0 };
  let languageService: ts.LanguageService | undefined;

  const addEdge = (from: InventoryEntry, to: InventoryEntry, line: number, declaredTarget?: string) => {
    const key = `${from.node.id}\u0000${to.node.id}`;
    let edge = edgeMap.get(key);
    if (!edge) {
      edge = { from: from.node.id, to: to.node.id, sites: [] };
      edgeMap.set(key, edge);
    }
    if (!edge.sites.includes(line)) edge.sites.push(line);
    if (declaredTarget) edge.declaredTarget = declaredTarget;
  };

  const entryForDeclaration = (declaration: ts.Declaration): InventoryEntry | undefined => {
    let decl: ts.Node = declaration;
    const direct = inventory.byDecl.get(implementationOf(declaration));
    if (direct) return direct;
    // `const f: (x: number) => number = (x) => …` resolves to the signature in the annotation:
    // the function that runs is the variable's initializer.
    let holder: ts.Node = decl;
    while (holder.parent && (ts.isTypeNode(holder) || ts.isParameter(holder) || ts.isTypeLiteralNode(holder.parent) || ts.isTypeNode(holder.parent))) {
      holder = holder.parent;
    }
    if (holder !== decl && (ts.isVariableDeclaration(holder) || ts.isPropertyDeclaration(holder)) && holder.type && decl.pos >= holder.type.pos && decl.end <= holder.type.end) {
      decl = holder;
    }
    // `const f = () => …` may resolve to the variable; a property may hold an arrow.
    if ((ts.isVariableDeclaration(decl) || ts.isPropertyDeclaration(decl) || ts.isPropertyAssignment(decl)) && decl.initializer) {
      let init: ts.Expression = decl.initializer;
      while (ts.isParenthesizedExpression(init) || ts.isAsExpression(init)) init = init.expression;
      return inventory.byDecl.get(init);
    }
    return undefined;
  };

  // Implementations of an interface method do not depend on the call site: one search each.
  const implementationCache = new Map<ts.Node, InventoryEntry[]>();
  const scopeFiles = new Set(files);
  const viaLanguageService = (call: ts.CallExpression | ts.NewExpression, declared: ts.Node): InventoryEntry[] => {
    // Only the project's own interfaces: a library or lib.d.ts interface (Array, Map, …) that no
    // class in scope implements is implemented by library code, never by an object literal here,
    // and searching for it costs a find-all-references over the whole program.
    if (!scopeFiles.has(declared.getSourceFile())) return [];
    const cached = implementationCache.get(declared);
    if (cached) return cached;
    const found = objectLiteralImplementations(declared) ?? searchImplementations(call);
    implementationCache.set(declared, found);
    return found;
  };
  // Object-literal methods by name: the cheap way to the implementations of an interface method.
  // Each candidate is verified with the checker (its object literal's type must be assignable to
  // the interface; when none is, there is no object-literal implementation). The language service
  // is asked only when no object literal in scope has a method of that name.
  let objectMethodsByName: Map<string, InventoryEntry[]> | undefined;
  const objectLiteralImplementations = (declared: ts.Node): InventoryEntry[] | undefined => {
    if (!objectMethodsByName) {
      objectMethodsByName = new Map();
      for (const entry of inventory.entries) {
        if (entry.node.kind !== 'object-method') continue;
        const name = entry.node.name.slice(entry.node.name.lastIndexOf('.') + 1);
        const list = objectMethodsByName.get(name) ?? [];
        list.push(entry);
        objectMethodsByName.set(name, list);
      }
    }
    const owner = declared.parent;
    const name = (declared as ts.NamedDeclaration).name;
    if (!owner || !ts.isInterfaceDeclaration(owner) || !name) return undefined;
    const candidates = objectMethodsByName.get(name.getText()) ?? [];
    if (candidates.length === 0) return undefined;
    const interfaceType = checker.getTypeAtLocation(owner.name);
    const verified = candidates.filter((entry) => {
      let object: ts.Node | undefined = entry.decl.parent;
      if (object && ts.isPropertyAssignment(object)) object = object.parent;
      if (!object || !ts.isObjectLiteralExpression(object)) return false;
      const type = checker.getContextualType(object) ?? checker.getTypeAtLocation(object);
      return checker.isTypeAssignableTo(type, interfaceType);
    });
    return verified;
  };
  const searchImplementations = (call: ts.CallExpression | ts.NewExpression): InventoryEntry[] => {
    languageService ??= project.getLanguageService().compilerObject;
    const callee = ts.isPropertyAccessExpression(call.expression) ? call.expression.name : call.expression;
    const found: InventoryEntry[] = [];
    for (const implementation of languageService.getImplementationAtPosition(call.getSourceFile().fileName, callee.getStart()) ?? []) {
      const file = project.getSourceFile(implementation.fileName)?.compilerNode;
      if (!file) continue;
      const token = tokenAt(file, implementation.textSpan.start);
      for (const entry of declaredAt(token)) if (!found.includes(entry)) found.push(entry);
    }
    return found;
  };

  /**
   * The function declared where an implementation was found: the inventory function whose head
   * (name, parameters) holds the token, or the function a property or variable named there holds
   * (an inline one belongs to the function around it, as inline callbacks do). Not merely the
   * function around the token: `{ resolve, reject }` built inside `acquire` from a promise
   * executor's parameters implements `Waiter.resolve`, yet calling it never runs `acquire`'s code
   * (fahunt: "called from ConnectionPool.close").
   */
  const enclosingEntry = (node: ts.Node | undefined): InventoryEntry | undefined => {
    while (node && !inventory.byDecl.has(node)) node = node.parent;
    return node ? inventory.byDecl.get(node) : undefined;
  };
  const heldFunction = (declaration: ts.Node, hops = 0): InventoryEntry | undefined => {
    if ((ts.isPropertyAssignment(declaration) || ts.isVariableDeclaration(declaration) || ts.isPropertyDeclaration(declaration)) && declaration.initializer) {
      let init: ts.Expression = declaration.initializer;
      while (ts.isParenthesizedExpression(init) || ts.isAsExpression(init)) init = init.expression;
      if (ts.isArrowFunction(init) || ts.isFunctionExpression(init)) return inventory.byDecl.get(init) ?? enclosingEntry(init);
      // `flush: flushAll`: the function the name refers to.
      const named = ts.isIdentifier(init) || ts.isPropertyAccessExpression(init) ? checker.getSymbolAtLocation(ts.isIdentifier(init) ? init : init.name) : undefined;
      const target = named && named.flags & ts.SymbolFlags.Alias ? checker.getAliasedSymbol(named) : named;
      // (`const a = b; const b = a;` ends after a few hops.)
      for (const d of target?.declarations ?? []) if (d !== declaration && hops < 4) return heldFunction(d, hops + 1);
      return undefined;
    }
    return entryForDeclaration(declaration as ts.Declaration);
  };
  const declaredAt = (token: ts.Node): InventoryEntry[] => {
    for (let node: ts.Node | undefined = token; node; node = node.parent) {
      const entry = inventory.byDecl.get(node);
      if (entry) {
        const body = (node as ts.FunctionLikeDeclaration).body;
        return body && token.getStart() >= body.getStart() ? [] : [entry];
      }
      if (ts.isShorthandPropertyAssignment(node)) {
        const value = checker.getShorthandAssignmentValueSymbol(node);
        return (value?.declarations ?? []).map((d) => heldFunction(d)).filter((e): e is InventoryEntry => !!e);
      }
      if (ts.isPropertyAssignment(node) || ts.isVariableDeclaration(node) || ts.isPropertyDeclaration(node)) {
        const held = heldFunction(node);
        return held ? [held] : [];
      }
      if (ts.isBlock(node) || ts.isSourceFile(node)) return [];
    }
    return [];
  };

  /**
   * The declarations a call can reach, from the type checker. The callee's symbol answers most
   * calls (`f()`, `o.m()`, `new C()`) without overload resolution and type-argument inference,
   * which is where most of a full type check goes; getResolvedSignature answers the rest
   * (`f()()`, `a[i]()`, `(c ? f : g)()`). Undefined: the checker could not resolve the callee.
   */
  const calleeDeclarations = (call: ts.CallExpression | ts.NewExpression): ts.Declaration[] | undefined => {
    const declarations = calleeSymbol(checker, call)?.declarations;
    if (declarations?.length) {
      if (ts.isNewExpression(call)) {
        // A class: its constructor (none written: resolved, but there is no function to call).
        const classes = declarations.filter(ts.isClassLike);
        if (classes.length) {
          return classes.flatMap((c) => c.members.filter((m): m is ts.ConstructorDeclaration => ts.isConstructorDeclaration(m) && !!m.body));
        }
      }
      return declarations;
    }
    const signature = checker.getResolvedSignature(call);
    const declaration = signature?.getDeclaration() as ts.Declaration | undefined;
    return declaration ? [declaration] : undefined;
  };

  const resolve = (call: ts.CallExpression | ts.NewExpression, from: InventoryEntry) => {
    stats.callSites++;
    const line = call.getSourceFile().getLineAndCharacterOfPosition(call.getStart()).line + 1;
    const declarations = calleeDeclarations(call);
    if (declarations === undefined) return;
    stats.resolved++;
    // `super.m()` is bound statically: no dispatch.
    const viaSuper = ts.isCallExpression(call) && ts.isPropertyAccessExpression(call.expression) && call.expression.expression.kind === ts.SyntaxKind.SuperKeyword;
    const targets: InventoryEntry[] = [];
    let declaredTarget: string | undefined;
    for (const decl of declarations) {
      if (ts.isJSDocSignature(decl)) continue;
      const dispatch = viaSuper ? undefined : hierarchy.dispatchTargets(implementationOf(decl));
      let found: InventoryEntry[];
      if (dispatch) {
        found = dispatch.targets;
        if (found.length === 0 && ts.isInterfaceDeclaration(dispatch.declared)) found = viaLanguageService(call, implementationOf(decl));
        const owner = dispatch.declared.name?.text ?? 'class';
        declaredTarget = `${toPosix(relative(root, dispatch.declared.getSourceFile().fileName))}#${owner}.${dispatch.name}`;
      } else {
        const entry = entryForDeclaration(decl);
        found = entry ? [entry] : [];
      }
      for (const target of found) if (!targets.includes(target)) targets.push(target);
    }
    if (declaredTarget && targets.length) stats.dispatched++;
    if (targets.length === 0) return;
    stats.inScope++;
    for (const target of targets) addEdge(from, target, line, declaredTarget);
    targetsByCall.set(call, targets);
  };

  for (const entry of inventory.entries) {
    const body = entry.decl.body;
    if (!body) continue;
    const visit = (node: ts.Node): void => {
      // A nested function that is itself a node owns its calls; inline callbacks do not.
      if (node !== entry.decl && isFunctionLike(node) && inventory.byDecl.has(node)) return;
      if (ts.isClassLike(node)) return;
      if (ts.isCallExpression(node) || ts.isNewExpression(node)) resolve(node, entry);
      ts.forEachChild(node, visit);
    };
    visit(body);
  }

  const calledAfter = orderFacts(inventory, targetsByCall);
  return { edges: [...edgeMap.values()], calledAfter, stats };
}

/** The call a statement makes unconditionally, and whether it completes before the next statement. */
function statementCall(statement: ts.Statement): { call: ts.CallExpression | ts.NewExpression; awaited: boolean } | undefined {
  let expression: ts.Expression | undefined;
  if (ts.isExpressionStatement(statement)) expression = statement.expression;
  else if (ts.isReturnStatement(statement)) expression = statement.expression;
  else if (ts.isVariableStatement(statement) && statement.declarationList.declarations.length === 1) {
    expression = statement.declarationList.declarations[0].initializer;
  }
  if (expression && ts.isBinaryExpression(expression) && expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) expression = expression.right;
  let awaited = false;
  while (expression && (ts.isParenthesizedExpression(expression) || ts.isAwaitExpression(expression) || ts.isVoidExpression(expression))) {
    if (ts.isAwaitExpression(expression)) awaited = true;
    expression = expression.expression;
  }
  if (expression && (ts.isCallExpression(expression) || ts.isNewExpression(expression))) return { call: expression, awaited };
  return undefined;
}

/** 004 eq. (6): within one block, f_i is always called after f_j has executed when the statement
 *  calling f_i directly follows one that called f_j and waited for it (awaited, or synchronous). */
function orderFacts(inventory: Inventory, targetsByCall: Map<ts.Node, InventoryEntry[]>): CalledAfter[] {
  const facts: CalledAfter[] = [];
  const seen = new Set<string>();
  for (const entry of inventory.entries) {
    const body = entry.decl.body;
    if (!body) continue;
    const visit = (node: ts.Node): void => {
      if (node !== entry.decl && isFunctionLike(node) && inventory.byDecl.has(node)) return;
      if (ts.isBlock(node) || ts.isSourceFile(node) || ts.isModuleBlock(node)) {
        const statements = node.statements;
        for (let i = 0; i + 1 < statements.length; i++) {
          const first = statementCall(statements[i]);
          const second = statementCall(statements[i + 1]);
          if (!first || !second) continue;
          const before = targetsByCall.get(first.call) ?? [];
          const after = targetsByCall.get(second.call) ?? [];
          if (!before.length || !after.length) continue;
          if (!first.awaited && before.some((t) => t.node.async)) continue;
          const line = entry.sourceFile.getLineAndCharacterOfPosition(second.call.getStart()).line + 1;
          for (const b of before) {
            for (const a of after) {
              const key = `${b.node.id}\u0000${a.node.id}\u0000${entry.node.id}`;
              if (b === a || seen.has(key)) continue;
              seen.add(key);
              facts.push({ before: b.node.id, after: a.node.id, in: entry.node.id, line });
            }
          }
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(body);
  }
  return facts;
}

/** The graphology graph of an analysis (node attributes = FunctionNode, edge attributes = CallEdge). */
export function toGraph(nodes: FunctionNode[], edges: CallEdge[]): DirectedGraph<FunctionNode, CallEdge> {
  const graph = new DirectedGraph<FunctionNode, CallEdge>();
  for (const node of nodes) graph.addNode(node.id, node);
  for (const edge of edges) graph.mergeDirectedEdge(edge.from, edge.to, edge);
  return graph;
}

/** Roots: the configured ones (by display name or id), else functions nobody in scope calls. */
export function findRoots(graph: DirectedGraph<FunctionNode, CallEdge>, configured: string[]): { roots: string[]; unknown: string[] } {
  if (configured.length) {
    const roots: string[] = [];
    const unknown: string[] = [];
    for (const wanted of configured) {
      const matches = graph.filterNodes((id, attributes) => id === wanted || attributes.name === wanted);
      if (matches.length) roots.push(...matches.filter((m) => !roots.includes(m)));
      else unknown.push(wanted);
    }
    return { roots, unknown };
  }
  return { roots: graph.filterNodes((id) => graph.inNeighbors(id).every((caller) => caller === id)), unknown: [] };
}

/** Depth = shortest distance from any root (004 IV-F: depth(root) = 0), one BFS from a virtual
 *  source linked to every root. */
export function depthsFrom(graph: DirectedGraph<FunctionNode, CallEdge>, roots: string[]): Record<string, number> {
  const work = graph.copy() as DirectedGraph;
  let source = '\u0000roots';
  while (work.hasNode(source)) source += '\u0000';
  work.addNode(source);
  for (const root of roots) work.addDirectedEdge(source, root);
  const lengths = singleSourceLength(work, source);
  const depth: Record<string, number> = {};
  for (const [id, length] of Object.entries(lengths)) if (id !== source) depth[id] = length - 1;
  return depth;
}
