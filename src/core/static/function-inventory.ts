// Function inventory: every function-like declaration in scope with a stable id and the display
// name reports use (`Class.method`, or `name` for module functions). Naming: function-naming.ts.
import { relative } from 'node:path';
import { ts } from 'ts-morph';
import type * as TS from 'typescript';
import { hasAtomicTag, hasModifier, memberNameText as memberNameOf, nameFunctions } from './function-naming.js';
import { toPosix } from './load-project.js';
import type { FunctionNode } from './static-types.js';

// ts-morph bundles the same TypeScript release as our `typescript` dependency (pinned together);
// the naming code is written once against the latter's types.
const tsApi = ts as unknown as typeof TS;

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
}

export interface Inventory {
  entries: InventoryEntry[];
  byDecl: Map<ts.Node, InventoryEntry>;
  byId: Map<string, InventoryEntry>;
}

export function memberNameText(name: ts.PropertyName | ts.BindingName | undefined, sourceFile: ts.SourceFile): string | undefined {
  return memberNameOf(tsApi, name as TS.PropertyName | undefined, sourceFile as unknown as TS.SourceFile);
}

export function buildInventory(files: ts.SourceFile[], root: string, atomicNames: Set<string>): Inventory {
  const entries: InventoryEntry[] = [];
  const byDecl = new Map<ts.Node, InventoryEntry>();
  const byId = new Map<string, InventoryEntry>();
  for (const sourceFile of files) {
    const rel = toPosix(relative(root, sourceFile.fileName));
    for (const named of nameFunctions(tsApi, sourceFile as unknown as TS.SourceFile)) {
      const decl = named.decl as unknown as FunctionLike;
      let id = `${rel}#${named.name}`;
      for (let n = 2; byId.has(id); n++) id = `${rel}#${named.name}~${n}`;
      const node: FunctionNode = {
        id,
        name: named.name,
        file: rel,
        line: sourceFile.getLineAndCharacterOfPosition(decl.getStart(sourceFile)).line + 1,
        endLine: sourceFile.getLineAndCharacterOfPosition(decl.end).line + 1,
        kind: named.kind,
        async: hasModifier(tsApi, named.decl, tsApi.SyntaxKind.AsyncKeyword),
        atomic: hasAtomicTag(tsApi, named.decl) || atomicNames.has(named.name) || atomicNames.has(id),
      };
      const entry: InventoryEntry = { node, decl, sourceFile };
      entries.push(entry);
      byDecl.set(decl, entry);
      byId.set(id, entry);
    }
  }
  return { entries, byDecl, byId };
}
