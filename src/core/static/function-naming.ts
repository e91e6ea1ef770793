// How functions are named — shared by the static analysis (ts-morph's compiler) and the
// instrumenter (the typescript package on Node's loader thread), so a program point recorded at run
// time and a node of the static call graph carry the same display name: `Class.method`, `name` for
// module functions, `Class.get x` / `Class.set x` for accessors, `outer.inner` for nested ones.
import type * as TS from 'typescript';

export type FunctionKind =
  | 'function'
  | 'method'
  | 'constructor'
  | 'getter'
  | 'setter'
  | 'arrow'
  | 'function-expression'
  | 'object-method';

export type FunctionLike =
  | TS.FunctionDeclaration
  | TS.MethodDeclaration
  | TS.ConstructorDeclaration
  | TS.GetAccessorDeclaration
  | TS.SetAccessorDeclaration
  | TS.ArrowFunction
  | TS.FunctionExpression;

export interface NamedFunction {
  decl: FunctionLike;
  name: string;
  kind: FunctionKind;
}

export function memberNameText(ts: typeof TS, name: TS.PropertyName | TS.BindingName | undefined, sourceFile: TS.SourceFile): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return `[${name.expression.getText(sourceFile)}]`;
  return undefined;
}

export function unwrapExpression(ts: typeof TS, expression: TS.Expression): TS.Expression {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e) || ts.isNonNullExpression(e)) {
    e = e.expression;
  }
  return e;
}

function isFunctionValue(ts: typeof TS, expression: TS.Expression | undefined): boolean {
  if (!expression) return false;
  const e = unwrapExpression(ts, expression);
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e);
}

export function hasModifier(ts: typeof TS, node: TS.Node, kind: TS.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

/** `/** @atomic *\/` on the function or on the statement that binds it. */
export function hasAtomicTag(ts: typeof TS, decl: TS.Node): boolean {
  let holder: TS.Node | undefined = decl;
  for (let i = 0; i < 4 && holder; i++) {
    if (ts.getJSDocTags(holder).some((tag) => tag.tagName.text === 'atomic')) return true;
    if (ts.isSourceFile(holder) || ts.isBlock(holder) || ts.isClassLike(holder)) break;
    holder = holder.parent;
  }
  return false;
}

function className(ts: typeof TS, node: TS.ClassLikeDeclaration, sourceFile: TS.SourceFile): string {
  if (node.name) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent)) return memberNameText(ts, parent.name, sourceFile) ?? 'class';
  if (ts.isExportAssignment(parent) || hasModifier(ts, node, ts.SyntaxKind.DefaultKeyword)) return 'default';
  return 'class';
}

/** The node kinds nameFunctions looks at itself; any other goes straight to its children. */
function namingKindsOf(ts: typeof TS): ReadonlySet<TS.SyntaxKind> {
  const k = ts.SyntaxKind;
  return new Set([k.FunctionDeclaration, k.ClassDeclaration, k.ClassExpression, k.VariableDeclaration, k.BinaryExpression, k.ExportAssignment, k.ObjectLiteralExpression]);
}
let namingKindsCache: { ts: typeof TS; kinds: ReadonlySet<TS.SyntaxKind> } | undefined;

/** Every named function-like declaration of a file, in source order of discovery. Anonymous inline
 *  callbacks are not listed: they belong to the function around them. */
export function nameFunctions(ts: typeof TS, sourceFile: TS.SourceFile): NamedFunction[] {
  if (namingKindsCache?.ts !== ts) namingKindsCache = { ts, kinds: namingKindsOf(ts) };
  const namingKinds = namingKindsCache.kinds;
  const found: NamedFunction[] = [];
  const add = (decl: FunctionLike, name: string, kind: FunctionKind) => {
    found.push({ decl, name, kind });
    return name;
  };
  const qualify = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);
  const arrowKind = (fn: TS.Node): FunctionKind => (ts.isArrowFunction(fn) ? 'arrow' : 'function-expression');

  // `prefix`: the qualified name of the enclosing named function/object (empty at module level).
  // One visitor reads it as state (issue 33: a closure per node for its children was a tenth of
  // the instrumenter's own time); `within` sets it around a subtree.
  let prefix = '';
  const within = (qualified: string, node: TS.Node | undefined, walk: (node: TS.Node) => void) => {
    if (!node) return;
    const outer = prefix;
    prefix = qualified;
    walk(node);
    prefix = outer;
  };
  const children = (node: TS.Node) => {
    ts.forEachChild(node, visit);
  };
  const visit = (node: TS.Node): void => {
    // Most nodes are none of the kinds below: straight to their children.
    if (!namingKinds.has(node.kind)) {
      ts.forEachChild(node, visit);
      return;
    }
    if (ts.isFunctionDeclaration(node) && node.body) {
      const name = node.name?.text ?? (hasModifier(ts, node, ts.SyntaxKind.DefaultKeyword) ? 'default' : undefined);
      if (name) {
        within(add(node, qualify(prefix, name), 'function'), node.body, children);
        return;
      }
    }
    if (ts.isClassLike(node)) {
      const cls = qualify(prefix, className(ts, node, sourceFile));
      for (const member of node.members) {
        const memberName = ts.isConstructorDeclaration(member) ? 'constructor' : memberNameText(ts, member.name, sourceFile);
        if (memberName === undefined) {
          within(cls, member, children);
          continue;
        }
        if (ts.isMethodDeclaration(member) && member.body) {
          within(add(member, `${cls}.${memberName}`, 'method'), member.body, children);
        } else if (ts.isConstructorDeclaration(member) && member.body) {
          within(add(member, `${cls}.constructor`, 'constructor'), member.body, children);
        } else if (ts.isGetAccessorDeclaration(member) && member.body) {
          within(add(member, `${cls}.get ${memberName}`, 'getter'), member.body, children);
        } else if (ts.isSetAccessorDeclaration(member) && member.body) {
          within(add(member, `${cls}.set ${memberName}`, 'setter'), member.body, children);
        } else if (ts.isPropertyDeclaration(member) && member.initializer && isFunctionValue(ts, member.initializer)) {
          const fn = unwrapExpression(ts, member.initializer) as TS.ArrowFunction | TS.FunctionExpression;
          within(add(fn, `${cls}.${memberName}`, arrowKind(fn)), fn.body, children);
        } else {
          within(cls, member, children);
        }
      }
      return;
    }
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const name = memberNameText(ts, node.name, sourceFile);
      const init = unwrapExpression(ts, node.initializer);
      if (name && isFunctionValue(ts, init)) {
        const fn = init as TS.ArrowFunction | TS.FunctionExpression;
        within(add(fn, qualify(prefix, name), arrowKind(fn)), fn.body, children);
        return;
      }
      if (name && ts.isObjectLiteralExpression(init)) {
        visitObject(init, qualify(prefix, name));
        return;
      }
    }
    if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && isFunctionValue(ts, node.right)) {
      const target = node.left.getText(sourceFile).replace(/^this\./, '');
      const fn = unwrapExpression(ts, node.right) as TS.ArrowFunction | TS.FunctionExpression;
      if (/^[\w$.#]+$/.test(target)) {
        within(add(fn, qualify(prefix, target), arrowKind(fn)), fn.body, children);
        return;
      }
    }
    if (ts.isExportAssignment(node) && isFunctionValue(ts, node.expression)) {
      const fn = unwrapExpression(ts, node.expression) as TS.ArrowFunction | TS.FunctionExpression;
      within(add(fn, qualify(prefix, 'default'), arrowKind(fn)), fn.body, children);
      return;
    }
    if (ts.isObjectLiteralExpression(node)) {
      visitObject(node, prefix);
      return;
    }
    ts.forEachChild(node, visit);
  };
  const visitObject = (object: TS.ObjectLiteralExpression, qualified: string) => {
    for (const property of object.properties) {
      const name = memberNameText(ts, property.name, sourceFile);
      if (name !== undefined && ts.isMethodDeclaration(property) && property.body) {
        within(add(property, qualify(qualified, name), 'object-method'), property.body, children);
      } else if (name !== undefined && ts.isGetAccessorDeclaration(property) && property.body) {
        within(add(property, qualify(qualified, `get ${name}`), 'getter'), property.body, children);
      } else if (name !== undefined && ts.isSetAccessorDeclaration(property) && property.body) {
        within(add(property, qualify(qualified, `set ${name}`), 'setter'), property.body, children);
      } else if (name !== undefined && ts.isPropertyAssignment(property) && isFunctionValue(ts, property.initializer)) {
        const fn = unwrapExpression(ts, property.initializer) as TS.ArrowFunction | TS.FunctionExpression;
        within(add(fn, qualify(qualified, name), 'object-method'), fn.body, children);
      } else if (name !== undefined && ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(unwrapExpression(ts, property.initializer))) {
        visitObject(unwrapExpression(ts, property.initializer) as TS.ObjectLiteralExpression, qualify(qualified, name));
      } else {
        within(qualified, property, children);
      }
    }
  };
  ts.forEachChild(sourceFile, visit);
  return found;
}
