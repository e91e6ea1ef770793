// Our own class-hierarchy index (extends / implements, transitively) for the 004 IV-C dispatch
// improvement: a call resolved to an interface, abstract or overridden method is replaced by the
// concrete implementations that can run there. Cheaper than the language service's
// getImplementations (~28 ms a call, DESIGN §7), which stays the fallback.
import { ts } from 'ts-morph';
import { memberNameText, type Inventory, type InventoryEntry } from './function-inventory.js';

type TypeDecl = ts.ClassLikeDeclaration | ts.InterfaceDeclaration;

export class ClassHierarchy {
  /** Direct subtypes of each class / interface. */
  private readonly children = new Map<TypeDecl, Set<TypeDecl>>();
  private readonly subtypeCache = new Map<TypeDecl, TypeDecl[]>();

  constructor(private readonly checker: ts.TypeChecker, files: readonly ts.SourceFile[], private readonly inventory: Inventory) {
    for (const file of files) {
      const visit = (node: ts.Node): void => {
        if ((ts.isClassLike(node) || ts.isInterfaceDeclaration(node)) && node.heritageClauses) {
          for (const clause of node.heritageClauses) {
            for (const heritage of clause.types) {
              for (const parent of this.declarationsOf(heritage.expression)) {
                let set = this.children.get(parent);
                if (!set) this.children.set(parent, (set = new Set()));
                set.add(node);
              }
            }
          }
        }
        ts.forEachChild(node, visit);
      };
      visit(file);
    }
  }

  private declarationsOf(expression: ts.Expression): TypeDecl[] {
    let symbol = this.checker.getSymbolAtLocation(expression);
    if (symbol && symbol.flags & ts.SymbolFlags.Alias) symbol = this.checker.getAliasedSymbol(symbol);
    return (symbol?.declarations ?? []).filter((d): d is TypeDecl => ts.isClassLike(d) || ts.isInterfaceDeclaration(d));
  }

  /** Every transitive subtype (not the type itself). */
  subtypes(type: TypeDecl): TypeDecl[] {
    const cached = this.subtypeCache.get(type);
    if (cached) return cached;
    const seen = new Set<TypeDecl>();
    const stack = [...(this.children.get(type) ?? [])];
    while (stack.length) {
      const next = stack.pop()!;
      if (seen.has(next)) continue;
      seen.add(next);
      stack.push(...(this.children.get(next) ?? []));
    }
    const result = [...seen];
    this.subtypeCache.set(type, result);
    return result;
  }

  /** The concrete member `name` declared directly in `type`, if it is in the inventory. */
  private concreteMember(type: TypeDecl, name: string): InventoryEntry | undefined {
    if (!ts.isClassLike(type)) return undefined;
    const sourceFile = type.getSourceFile();
    for (const member of type.members) {
      if (memberNameText(member.name, sourceFile) !== name) continue;
      if (ts.isMethodDeclaration(member) && member.body) return this.inventory.byDecl.get(member);
      if (ts.isPropertyDeclaration(member) && member.initializer) {
        let init: ts.Expression = member.initializer;
        while (ts.isParenthesizedExpression(init) || ts.isAsExpression(init)) init = init.expression;
        const entry = this.inventory.byDecl.get(init);
        if (entry) return entry;
      }
    }
    return undefined;
  }

  /**
   * 004 IV-C (Fig. 4-5): for a call resolved to method `decl`, the implementations that can run.
   * Returns undefined when no rewriting applies (a concrete method nobody overrides).
   */
  dispatchTargets(decl: ts.Declaration): { targets: InventoryEntry[]; declared: TypeDecl; name: string } | undefined {
    if (!(ts.isMethodDeclaration(decl) || ts.isMethodSignature(decl) || ts.isPropertySignature(decl) || ts.isPropertyDeclaration(decl))) return undefined;
    const owner = decl.parent;
    if (!(ts.isClassLike(owner) || ts.isInterfaceDeclaration(owner))) return undefined;
    const name = memberNameText(decl.name, decl.getSourceFile());
    if (name === undefined) return undefined;
    const targets: InventoryEntry[] = [];
    const own = this.concreteMember(owner, name);
    if (own) targets.push(own);
    for (const subtype of this.subtypes(owner)) {
      const implementation = this.concreteMember(subtype, name);
      if (implementation && !targets.includes(implementation)) targets.push(implementation);
    }
    // Nothing to rewrite: the declared method is the only one that can run.
    if (targets.length === 1 && targets[0] === own) return undefined;
    return { targets, declared: owner, name };
  }
}
