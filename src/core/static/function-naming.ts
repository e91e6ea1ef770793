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

/** Every named function-like declaration of a file, in source order of discovery. Anonymous inline
 *  callbacks are not listed: they belong to the function around them. */
export function nameFunctions(ts: typeof TS, sourceFile: TS.SourceFile): NamedFunction[] {
  const found: NamedFunction[] = [];
  const add = (decl: FunctionLike, name: string, kind: FunctionKind) => {
    found.push({ decl, name, kind });
    return name;
  };
  const qualify = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);
  const arrowKind = (fn: TS.Node): FunctionKind => (ts.isArrowFunction(fn) ? 'arrow' : 'function-expression');

  // `prefix` is the qualified name of the enclosing named function/object (empty at module level).
  const visit = (node: TS.Node, prefix: string): void => {
    if (ts.isFunctionDeclaration(node) && node.body) {
      const name = node.name?.text ?? (hasModifier(ts, node, ts.SyntaxKind.DefaultKeyword) ? 'default' : undefined);
      if (name) {
        const q = add(node, qualify(prefix, name), 'function');
        ts.forEachChild(node.body, (child) => visit(child, q));
        return;
      }
    }
    if (ts.isClassLike(node)) {
      const cls = qualify(prefix, className(ts, node, sourceFile));
      for (const member of node.members) {
        const memberName = ts.isConstructorDeclaration(member) ? 'constructor' : memberNameText(ts, member.name, sourceFile);
        if (memberName === undefined) {
          ts.forEachChild(member, (child) => visit(child, cls));
          continue;
        }
        if (ts.isMethodDeclaration(member) && member.body) {
          visitBody(member.body, add(member, `${cls}.${memberName}`, 'method'));
        } else if (ts.isConstructorDeclaration(member) && member.body) {
          visitBody(member.body, add(member, `${cls}.constructor`, 'constructor'));
        } else if (ts.isGetAccessorDeclaration(member) && member.body) {
          visitBody(member.body, add(member, `${cls}.get ${memberName}`, 'getter'));
        } else if (ts.isSetAccessorDeclaration(member) && member.body) {
          visitBody(member.body, add(member, `${cls}.set ${memberName}`, 'setter'));
        } else if (ts.isPropertyDeclaration(member) && member.initializer && isFunctionValue(ts, member.initializer)) {
          const fn = unwrapExpression(ts, member.initializer) as TS.ArrowFunction | TS.FunctionExpression;
          visitBody(fn.body, add(fn, `${cls}.${memberName}`, arrowKind(fn)));
        } else {
          ts.forEachChild(member, (child) => visit(child, cls));
        }
      }
      return;
    }
    if (ts.isVariableDeclaration(node) && node.initializer) {
      const name = memberNameText(ts, node.name, sourceFile);
      const init = unwrapExpression(ts, node.initializer);
      if (name && isFunctionValue(ts, init)) {
        const fn = init as TS.ArrowFunction | TS.FunctionExpression;
        visitBody(fn.body, add(fn, qualify(prefix, name), arrowKind(fn)));
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
        visitBody(fn.body, add(fn, qualify(prefix, target), arrowKind(fn)));
        return;
      }
    }
    if (ts.isExportAssignment(node) && isFunctionValue(ts, node.expression)) {
      const fn = unwrapExpression(ts, node.expression) as TS.ArrowFunction | TS.FunctionExpression;
      visitBody(fn.body, add(fn, qualify(prefix, 'default'), arrowKind(fn)));
      return;
    }
    if (ts.isObjectLiteralExpression(node)) {
      visitObject(node, prefix);
      return;
    }
    ts.forEachChild(node, (child) => visit(child, prefix));
  };
  const visitBody = (body: TS.Node | undefined, qualified: string) => {
    if (body) ts.forEachChild(body, (child) => visit(child, qualified));
  };
  const visitObject = (object: TS.ObjectLiteralExpression, prefix: string) => {
    for (const property of object.properties) {
      const name = memberNameText(ts, property.name, sourceFile);
      if (name !== undefined && ts.isMethodDeclaration(property) && property.body) {
        visitBody(property.body, add(property, qualify(prefix, name), 'object-method'));
      } else if (name !== undefined && ts.isGetAccessorDeclaration(property) && property.body) {
        visitBody(property.body, add(property, qualify(prefix, `get ${name}`), 'getter'));
      } else if (name !== undefined && ts.isSetAccessorDeclaration(property) && property.body) {
        visitBody(property.body, add(property, qualify(prefix, `set ${name}`), 'setter'));
      } else if (name !== undefined && ts.isPropertyAssignment(property) && isFunctionValue(ts, property.initializer)) {
        const fn = unwrapExpression(ts, property.initializer) as TS.ArrowFunction | TS.FunctionExpression;
        visitBody(fn.body, add(fn, qualify(prefix, name), 'object-method'));
      } else if (name !== undefined && ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(unwrapExpression(ts, property.initializer))) {
        visitObject(unwrapExpression(ts, property.initializer) as TS.ObjectLiteralExpression, qualify(prefix, name));
      } else {
        ts.forEachChild(property, (child) => visit(child, prefix));
      }
    }
  };
  ts.forEachChild(sourceFile, (child) => visit(child, ''));
  return found;
}
