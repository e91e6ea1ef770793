// Function inventory: every function-like declaration in scope with a stable id and the display
// name reports use (`Class.method`, or `name` for module functions).
import { relative } from 'node:path';
import { ts } from 'ts-morph';
import { toPosix } from './load-project.js';
import type { FunctionKind, FunctionNode } from './static-types.js';

export type FunctionLike =
  | ts.FunctionDeclaration
  | ts.MethodDeclaration
  | ts.ConstructorDeclaration
  | ts.GetAccessorDeclaration
  | ts.SetAccessorDeclaration
  | ts.ArrowFunction
  | ts.FunctionExpression;

export interface InventoryEntry {
  node: FunctionNode;
  decl: FunctionLike;
  sourceFile: ts.SourceFile;
  /** The class the function is a member of (methods, constructors, accessors, property arrows). */
  classDecl?: ts.ClassLikeDeclaration;
  memberName?: string;
}

export interface Inventory {
  entries: InventoryEntry[];
  byDecl: Map<ts.Node, InventoryEntry>;
  byId: Map<string, InventoryEntry>;
}

export function memberNameText(name: ts.PropertyName | ts.BindingName | undefined, sourceFile: ts.SourceFile): string | undefined {
  if (!name) return undefined;
  if (ts.isIdentifier(name) || ts.isPrivateIdentifier(name)) return name.text;
  if (ts.isStringLiteral(name) || ts.isNumericLiteral(name) || ts.isNoSubstitutionTemplateLiteral(name)) return name.text;
  if (ts.isComputedPropertyName(name)) return `[${name.expression.getText(sourceFile)}]`;
  return undefined;
}

function unwrap(expression: ts.Expression): ts.Expression {
  let e = expression;
  while (ts.isParenthesizedExpression(e) || ts.isAsExpression(e) || ts.isSatisfiesExpression(e) || ts.isTypeAssertionExpression(e) || ts.isNonNullExpression(e)) {
    e = e.expression;
  }
  return e;
}

function isFunctionValue(expression: ts.Expression | undefined): expression is ts.ArrowFunction | ts.FunctionExpression {
  if (!expression) return false;
  const e = unwrap(expression);
  return ts.isArrowFunction(e) || ts.isFunctionExpression(e);
}

function hasModifier(node: ts.Node, kind: ts.SyntaxKind): boolean {
  return ts.canHaveModifiers(node) && (ts.getModifiers(node) ?? []).some((m) => m.kind === kind);
}

export function isAsyncFunction(node: ts.Node): boolean {
  return hasModifier(node, ts.SyntaxKind.AsyncKeyword);
}

/** `/** @atomic *\/` on the function or on the statement that binds it. */
function hasAtomicTag(decl: ts.Node): boolean {
  let holder: ts.Node | undefined = decl;
  for (let i = 0; i < 4 && holder; i++) {
    if (ts.getJSDocTags(holder).some((tag) => tag.tagName.text === 'atomic')) return true;
    if (ts.isSourceFile(holder) || ts.isBlock(holder) || ts.isClassLike(holder)) break;
    holder = holder.parent;
  }
  return false;
}

function className(node: ts.ClassLikeDeclaration, sourceFile: ts.SourceFile): string {
  if (node.name) return node.name.text;
  const parent = node.parent;
  if (ts.isVariableDeclaration(parent)) return memberNameText(parent.name, sourceFile) ?? 'class';
  if (ts.isExportAssignment(parent) || hasModifier(node, ts.SyntaxKind.DefaultKeyword)) return 'default';
  return 'class';
}

export function buildInventory(files: ts.SourceFile[], root: string, atomicNames: Set<string>): Inventory {
  const entries: InventoryEntry[] = [];
  const byDecl = new Map<ts.Node, InventoryEntry>();
  const byId = new Map<string, InventoryEntry>();

  for (const sourceFile of files) {
    const rel = toPosix(relative(root, sourceFile.fileName));
    const add = (decl: FunctionLike, name: string, kind: FunctionKind, classDecl?: ts.ClassLikeDeclaration, memberName?: string) => {
      let id = `${rel}#${name}`;
      for (let n = 2; byId.has(id); n++) id = `${rel}#${name}~${n}`;
      const start = sourceFile.getLineAndCharacterOfPosition(decl.getStart(sourceFile)).line + 1;
      const end = sourceFile.getLineAndCharacterOfPosition(decl.end).line + 1;
      const node: FunctionNode = {
        id,
        name,
        file: rel,
        line: start,
        endLine: end,
        kind,
        async: isAsyncFunction(decl),
        atomic: hasAtomicTag(decl) || atomicNames.has(name) || atomicNames.has(id),
      };
      const entry: InventoryEntry = { node, decl, sourceFile, classDecl, memberName };
      entries.push(entry);
      byDecl.set(decl, entry);
      byId.set(id, entry);
      return name;
    };
    const qualify = (prefix: string, name: string) => (prefix ? `${prefix}.${name}` : name);

    // `prefix` is the qualified name of the enclosing named function/object (empty at module level).
    const visit = (node: ts.Node, prefix: string): void => {
      if (ts.isFunctionDeclaration(node) && node.body) {
        const name = node.name?.text ?? (hasModifier(node, ts.SyntaxKind.DefaultKeyword) ? 'default' : undefined);
        if (name) {
          const q = add(node, qualify(prefix, name), 'function');
          ts.forEachChild(node.body, (child) => visit(child, q));
          return;
        }
      }
      if (ts.isClassLike(node)) {
        const cls = qualify(prefix, className(node, sourceFile));
        for (const member of node.members) {
          const memberName = ts.isConstructorDeclaration(member) ? 'constructor' : memberNameText(member.name, sourceFile);
          if (memberName === undefined) continue;
          if (ts.isMethodDeclaration(member) && member.body) {
            visitBody(member.body, add(member, `${cls}.${memberName}`, 'method', node, memberName));
          } else if (ts.isConstructorDeclaration(member) && member.body) {
            visitBody(member.body, add(member, `${cls}.constructor`, 'constructor', node, 'constructor'));
          } else if (ts.isGetAccessorDeclaration(member) && member.body) {
            visitBody(member.body, add(member, `${cls}.get ${memberName}`, 'getter', node, memberName));
          } else if (ts.isSetAccessorDeclaration(member) && member.body) {
            visitBody(member.body, add(member, `${cls}.set ${memberName}`, 'setter', node, memberName));
          } else if (ts.isPropertyDeclaration(member) && isFunctionValue(member.initializer)) {
            const fn = unwrap(member.initializer) as ts.ArrowFunction | ts.FunctionExpression;
            visitBody(fn.body, add(fn, `${cls}.${memberName}`, ts.isArrowFunction(fn) ? 'arrow' : 'function-expression', node, memberName));
          } else {
            ts.forEachChild(member, (child) => visit(child, cls));
          }
        }
        return;
      }
      if (ts.isVariableDeclaration(node) && node.initializer) {
        const name = memberNameText(node.name, sourceFile);
        const init = unwrap(node.initializer);
        if (name && isFunctionValue(init)) {
          const fn = init as ts.ArrowFunction | ts.FunctionExpression;
          visitBody(fn.body, add(fn, qualify(prefix, name), ts.isArrowFunction(fn) ? 'arrow' : 'function-expression'));
          return;
        }
        if (name && ts.isObjectLiteralExpression(init)) {
          visitObject(init, qualify(prefix, name));
          return;
        }
      }
      if (ts.isBinaryExpression(node) && node.operatorToken.kind === ts.SyntaxKind.EqualsToken && isFunctionValue(node.right)) {
        const target = node.left.getText(sourceFile).replace(/^this\./, '');
        const fn = unwrap(node.right) as ts.ArrowFunction | ts.FunctionExpression;
        if (/^[\w$.#]+$/.test(target)) {
          visitBody(fn.body, add(fn, qualify(prefix, target), ts.isArrowFunction(fn) ? 'arrow' : 'function-expression'));
          return;
        }
      }
      if (ts.isExportAssignment(node) && isFunctionValue(node.expression)) {
        const fn = unwrap(node.expression) as ts.ArrowFunction | ts.FunctionExpression;
        visitBody(fn.body, add(fn, qualify(prefix, 'default'), ts.isArrowFunction(fn) ? 'arrow' : 'function-expression'));
        return;
      }
      if (ts.isObjectLiteralExpression(node)) {
        visitObject(node, prefix);
        return;
      }
      ts.forEachChild(node, (child) => visit(child, prefix));
    };
    const visitBody = (body: ts.Node | undefined, qualified: string) => {
      if (body) ts.forEachChild(body, (child) => visit(child, qualified));
    };
    const visitObject = (object: ts.ObjectLiteralExpression, prefix: string) => {
      for (const property of object.properties) {
        const name = memberNameText(property.name, sourceFile);
        if (name !== undefined && ts.isMethodDeclaration(property) && property.body) {
          visitBody(property.body, add(property, qualify(prefix, name), 'object-method'));
        } else if (name !== undefined && ts.isGetAccessorDeclaration(property) && property.body) {
          visitBody(property.body, add(property, qualify(prefix, `get ${name}`), 'getter'));
        } else if (name !== undefined && ts.isSetAccessorDeclaration(property) && property.body) {
          visitBody(property.body, add(property, qualify(prefix, `set ${name}`), 'setter'));
        } else if (name !== undefined && ts.isPropertyAssignment(property) && isFunctionValue(property.initializer)) {
          const fn = unwrap(property.initializer) as ts.ArrowFunction | ts.FunctionExpression;
          visitBody(fn.body, add(fn, qualify(prefix, name), 'object-method'));
        } else if (name !== undefined && ts.isPropertyAssignment(property) && ts.isObjectLiteralExpression(unwrap(property.initializer))) {
          visitObject(unwrap(property.initializer) as ts.ObjectLiteralExpression, qualify(prefix, name));
        } else {
          ts.forEachChild(property, (child) => visit(child, prefix));
        }
      }
    };
    ts.forEachChild(sourceFile, (child) => visit(child, ''));
  }
  return { entries, byDecl, byId };
}
