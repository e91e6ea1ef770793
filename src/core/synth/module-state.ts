// Module state as INTRUDER's roots (000 §3.1 reaches shared objects from the receiver and the
// parameters; a module function has no receiver, and what two of its calls share is the module's
// variables). The runtime records a module's `let` / `var` as fields of one scope object per module
// (instrument/shared-variables.ts) and a `const stock = new Map()` as accesses of that Map; neither
// is reached from a parameter. Here the site of an access, read against the module's own
// top-level declarations, says which object is module state: the scope object (`client` read as a
// bare name), or the value of a top-level binding (`stock.set(…)`, `config.count`).
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ts } from 'ts-morph';
import type { SiteEvent } from '../runtime/trace-events.js';

/** An object that is module state: the scope object of `file` (`name` ''), or the value of its
 *  top-level binding `name`. */
export interface ModuleRoot {
  file: string;
  name: string;
}

interface ModuleFacts {
  lines: string[];
  /** Top-level `let` / `var` (recorded on the scope object). */
  variables: Set<string>;
  /** Every top-level binding (`const` too). */
  bindings: Set<string>;
}

/** The root prefix of a symbol reached from module state (`module:src/inventory.ts`). */
export const MODULE_ROOT = 'module:';

export function isModuleRoot(root: string): boolean {
  return root.startsWith(MODULE_ROOT);
}

/** `inventory` for `module:src/inventory.ts`: how fields of module state are named. */
export function moduleLabel(root: string): string {
  return (root.slice(MODULE_ROOT.length).split('/').pop() ?? root).replace(/\.[cm]?[jt]sx?$/, '');
}

export class ModuleState {
  private readonly facts = new Map<string, ModuleFacts | undefined>();

  constructor(private readonly root: string) {}

  private of(file: string): ModuleFacts | undefined {
    if (this.facts.has(file)) return this.facts.get(file);
    let facts: ModuleFacts | undefined;
    try {
      const text = readFileSync(resolve(this.root, file), 'utf8');
      const source = ts.createSourceFile(file, text, ts.ScriptTarget.Latest, true);
      facts = { lines: text.split('\n'), variables: new Set(), bindings: new Set() };
      for (const st of source.statements) {
        if (ts.isVariableStatement(st)) {
          const constant = (st.declarationList.flags & ts.NodeFlags.Const) !== 0;
          for (const d of st.declarationList.declarations) {
            if (!ts.isIdentifier(d.name)) continue;
            facts.bindings.add(d.name.text);
            if (!constant) facts.variables.add(d.name.text);
          }
        }
      }
    } catch {
      facts = undefined;
    }
    this.facts.set(file, facts);
    return facts;
  }

  /** Which module state the object of a field access at `site` is, if any. `locals`: names the
   *  invocation binds itself (its parameters), which shadow module bindings. */
  rootOf(site: SiteEvent, k: string, locals: Set<string>): ModuleRoot | undefined {
    const facts = this.of(site.file);
    if (!facts) return undefined;
    // A collection access names its receiver (`stock`): a bare top-level binding.
    if (site.on !== undefined) return /^[A-Za-z_$][\w$]*$/.test(site.on) && facts.bindings.has(site.on) && !locals.has(site.on) ? { file: site.file, name: site.on } : undefined;
    const before = (facts.lines[site.line - 1] ?? '').slice(0, Math.max(0, site.col - 1));
    const base = /(?:^|[^\w$.])([A-Za-z_$][\w$]*)\s*\??\.\s*$/.exec(before);
    if (base) return facts.bindings.has(base[1]) && !locals.has(base[1]) ? { file: site.file, name: base[1] } : undefined;
    // A bare name read or written: the module's scope object (its `let` / `var`).
    if (site.name === k && facts.variables.has(k) && !locals.has(k) && !/\.\s*$/.test(before)) return { file: site.file, name: '' };
    return undefined;
  }
}
