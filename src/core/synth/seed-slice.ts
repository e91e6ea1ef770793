// Objects and arguments for synthesized tests, from what the seed suite actually did (000 §3.6:
// "re-executing the sequential test up to the required library invocation"; 002 §3.2: the
// sequential part p that instantiates the class and grows the object). Written as code: an object
// is its recorded constructor call (or `new C()` for a class without a constructor) followed by
// the recorded calls that wrote into it before the point of interest, with the recorded argument
// values. What cannot be produced (a callback, a hashed long string, an object the tests built
// themselves) makes the candidate unproducible, with the reason.
import { readFileSync } from 'node:fs';
import { resolve } from 'node:path';
import { ts } from 'ts-morph';
import type { TraceValue } from '../runtime/trace-events.js';
import { objectId, type ClientInvocation, type SeedRun } from './seed-invocations.js';

export class Unproducible extends Error {}

interface ExportFacts {
  /** Each exported local name → how the module namespace reaches it: `Name` (export class Name),
   *  `default` (export default class Name, `module.exports = Name`), `default.f` (CommonJS
   *  `exports.f = …`, which an ES import sees on the namespace's default). */
  exported: Map<string, string>;
  /** Assigns module.exports or exports.f: a fresh import does not renew a CommonJS module. */
  commonjs: boolean;
  /** Classes declared with a constructor that takes parameters. */
  needsArgs: Set<string>;
}

/** The statements of a synthesized test's sequential part and the modules they need. */
export class SeedSlice {
  readonly statements: string[] = [];
  readonly modules = new Map<string, string>();
  /** Functions the seed test passed (callbacks), copied from its source: name → declaration. */
  readonly helpers = new Map<string, string>();
  private readonly vars = new Map<string, string>();
  private readonly emitted = new Set<string>();
  private readonly exportsOf = new Map<string, ExportFacts>();
  private readonly classFile = new Map<string, string>();
  /** Modules whose state the test uses: imported afresh by every run of setup (write-tests.ts). */
  readonly fresh = new Set<string>();
  /** Of `fresh`, the CommonJS modules (write-tests.ts loads them out of require's cache). */
  readonly freshCommonJs = new Set<string>();
  /** Calls that only read module state (moduleState), for the oracle's final state. */
  readonly observers: string[] = [];
  private named = 0;

  constructor(readonly seed: SeedRun) {
    for (const inv of seed.invocations) {
      const cls = inv.kind === 'constructor' ? inv.fn.split('.')[0] : inv.receiverClass;
      if (cls && !this.classFile.has(cls)) this.classFile.set(cls, inv.file);
    }
  }

  /** The variables of the objects built so far, for the state the oracle observes. */
  variables(): string[] {
    // A module imported afresh is state too: the parts call its functions.
    const fresh = [...this.fresh].map((f) => this.modules.get(f)!);
    return [...fresh, ...new Set(this.vars.values())].filter((v) => /^[A-Za-z_$][\w$]*$/.test(v));
  }

  /** Makes the object `id` of `process` (copy `copy`) be the variable of another. */
  alias(process: number, id: number, copy: string, to: string): void {
    this.vars.set(`${process}:${id}:${copy}`, to);
  }

  moduleVar(file: string): string {
    let name = this.modules.get(file);
    if (!name) {
      name = `m${this.modules.size}`;
      this.modules.set(file, name);
    }
    return name;
  }

  private facts(file: string): ExportFacts {
    let facts = this.exportsOf.get(file);
    if (facts) return facts;
    const found: ExportFacts = (facts = { exported: new Map(), commonjs: false, needsArgs: new Set() });
    // Named exports win over default ones (`export class A` and `export default A`: m.A).
    const add = (local: string, access: string) => {
      if (!found.exported.has(local) || access === local) found.exported.set(local, access);
    };
    const needsArgs = (cls: ts.ClassLikeDeclaration) => cls.members.some((m) => ts.isConstructorDeclaration(m) && m.parameters.some((p) => !p.initializer && !p.questionToken));
    // `module.exports = X`, `module.exports.f = X`, `exports.f = X` (issue 31: CommonJS).
    const commonjsTarget = (e: ts.Expression): string | undefined => {
      const text = e.getText();
      if (text === 'module.exports') return 'default';
      const m = /^(?:module\.)?exports\.([A-Za-z_$][\w$]*)$/.exec(text);
      return m ? `default.${m[1]}` : undefined;
    };
    try {
      const source = ts.createSourceFile(file, readFileSync(resolve(this.seed.root, file), 'utf8'), ts.ScriptTarget.Latest, true);
      for (const st of source.statements) {
        const modifiers = ts.getModifiers(st as ts.HasModifiers) ?? [];
        const exported = modifiers.some((m) => m.kind === ts.SyntaxKind.ExportKeyword);
        const isDefault = modifiers.some((m) => m.kind === ts.SyntaxKind.DefaultKeyword);
        if ((ts.isClassDeclaration(st) || ts.isFunctionDeclaration(st)) && st.name) {
          if (exported) add(st.name.text, isDefault ? 'default' : st.name.text);
          if (ts.isClassDeclaration(st) && needsArgs(st)) found.needsArgs.add(st.name.text);
        } else if (ts.isVariableStatement(st) && exported) {
          // `export const reserve = async (…) => …`: a module function too.
          for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) add(d.name.text, d.name.text);
        } else if (ts.isExportDeclaration(st) && st.exportClause && ts.isNamedExports(st.exportClause) && !st.moduleSpecifier) {
          for (const e of st.exportClause.elements) add((e.propertyName ?? e.name).text, e.name.text);
        } else if (ts.isExportAssignment(st) && ts.isIdentifier(st.expression)) {
          // `export default Counter;` and TypeScript's `export = Counter;`.
          add(st.expression.text, 'default');
        } else if (ts.isExpressionStatement(st) && ts.isBinaryExpression(st.expression) && st.expression.operatorToken.kind === ts.SyntaxKind.EqualsToken) {
          const target = commonjsTarget(st.expression.left);
          if (!target) continue;
          found.commonjs = true;
          const value = st.expression.right;
          if ((ts.isClassExpression(value) || ts.isFunctionExpression(value)) && value.name) {
            add(value.name.text, target);
            if (ts.isClassExpression(value) && needsArgs(value)) found.needsArgs.add(value.name.text);
          } else if (ts.isIdentifier(value)) add(value.text, target);
          else if (target === 'default' && ts.isObjectLiteralExpression(value)) {
            // `module.exports = { add, Box: Store }`.
            for (const p of value.properties) {
              if (ts.isShorthandPropertyAssignment(p)) add(p.name.text, `default.${p.name.text}`);
              else if (ts.isPropertyAssignment(p) && ts.isIdentifier(p.initializer) && (ts.isIdentifier(p.name) || ts.isStringLiteral(p.name))) add(p.initializer.text, `default.${p.name.text}`);
            }
          }
          // The name a CommonJS export is recorded under (`exports.add`): reached the same way.
          const m = /^default\.(.+)$/.exec(target);
          if (m) add(`exports.${m[1]}`, target);
        }
      }
    } catch {
      /* unreadable: nothing exported */
    }
    this.exportsOf.set(file, facts);
    return facts;
  }

  /** `m0.Name` (`m0.default`, `m0.default.f` for default and CommonJS exports), or Unproducible
   *  when the module does not export Name. */
  exportRef(file: string, name: string): string {
    const local = name.replace(/^module\.exports\./, 'exports.');
    const access = this.facts(file).exported.get(local);
    if (!access) throw new Unproducible(`${name} is not exported from ${file}, so a test cannot reach it (export it: export class / export function / export default / module.exports)`);
    return `${this.moduleVar(file)}.${access}`;
  }

  /** An expression for a recorded value; objects are built (copy `copy`) before call order `before`. */
  value(v: TraceValue, process: number, copy: string, before: number): string {
    if (v === null || typeof v === 'number' || typeof v === 'boolean' || typeof v === 'string') return JSON.stringify(v);
    switch (v.$) {
      case 'undefined': return 'undefined';
      case 'number': return v.v === '-0' ? '-0' : v.v;
      case 'bigint': return `${v.v}n`;
      case 'object': return this.object(process, v.id, copy, before);
      case 'array': {
        const built = this.vars.get(`${process}:${v.id}:${copy}`);
        if (built) return built;
        if (this.creator(process, v.id)) return this.object(process, v.id, copy, before);
        if (!v.el || v.el.length !== v.len) throw new Unproducible(`an array of ${v.len} elements whose elements were not recorded`);
        return `[${v.el.map((e) => this.value(e, process, copy, before)).join(', ')}]`;
      }
      case 'string': throw new Unproducible(`a string of ${v.len} characters (recorded only as a hash)`);
      case 'function': return this.seedFunction(v.name, process);
      default: throw new Unproducible(`a ${v.$} value`);
    }
  }

  /** A function the seed test passed, by its name in the test file: its declaration (and those
   *  of the test file's own functions and constants it uses) copied into the synthesized test. */
  private seedFunction(name: string, process: number): string {
    const testFile = this.seed.invocations.find((i) => i.process === process && i.testFile)?.testFile;
    if (!name || !testFile) throw new Unproducible(`a function argument (${name || 'anonymous'}) written inline in the seed test`);
    let source: ts.SourceFile;
    try {
      source = ts.createSourceFile(testFile, readFileSync(resolve(this.seed.root, testFile), 'utf8'), ts.ScriptTarget.Latest, true);
    } catch {
      throw new Unproducible(`a function argument (${name}): ${testFile} cannot be read`);
    }
    const declared = new Map<string, string>();
    const imported = new Set<string>();
    const topLevel = new Set<string>();
    for (const st of source.statements) {
      if (ts.isFunctionDeclaration(st) && st.name) topLevel.add(st.name.text);
      if (ts.isVariableStatement(st)) for (const d of st.declarationList.declarations) if (ts.isIdentifier(d.name)) topLevel.add(d.name.text);
    }
    const visit = (node: ts.Node): void => {
      if (ts.isImportDeclaration(node)) node.importClause?.namedBindings && ts.isNamedImports(node.importClause.namedBindings) && node.importClause.namedBindings.elements.forEach((e) => imported.add(e.name.text));
      if (ts.isVariableDeclaration(node) && ts.isIdentifier(node.name) && node.initializer && !declared.has(node.name.text)) declared.set(node.name.text, `const ${node.name.text} = ${node.initializer.getText(source)};`);
      if (ts.isFunctionDeclaration(node) && node.name && !declared.has(node.name.text)) declared.set(node.name.text, node.getText(source));
      ts.forEachChild(node, visit);
    };
    visit(source);
    const add = (n: string, depth: number): void => {
      if (this.helpers.has(n)) return;
      const text = declared.get(n);
      if (!text || depth > 4) throw new Unproducible(`a function argument (${name}) not declared by name in ${testFile}`);
      const uses = new Set([...text.matchAll(/[A-Za-z_$][A-Za-z0-9_$]*/g)].map((m) => m[0]));
      uses.delete(n);
      for (const u of uses) if (imported.has(u) && new RegExp(`(^|[^.:\w$])${u}\s*[.(]`).test(text)) throw new Unproducible(`a function argument (${name}) that uses ${u}, imported by ${testFile}`);
      for (const u of uses) if (topLevel.has(u) && declared.has(u) && !imported.has(u) && new RegExp(`(^|[^.\w$])${u}(?![\w$])`).test(text.replace(/^(const|function)\s+\S+/, ''))) add(u, depth + 1);
      this.helpers.set(n, text);
    };
    add(name, 0);
    return name;
  }

  /** The call of an exported function that returned object `id` before `before` (a factory). */
  factory(process: number, id: number, before: number): ClientInvocation | undefined {
    return this.seed.invocations.find((i) => i.process === process && i.order < before && !i.threw && i.kind !== 'constructor' && i.kind !== 'method' && i.kind !== 'object-method' && objectId(i.returned) === id);
  }

  private creator(process: number, id: number): ClientInvocation | undefined {
    return this.seed.invocations.find((i) => i.process === process && i.kind === 'constructor' && i.created === id);
  }

  /** The variable holding object `id`, emitting its construction and growth first. */
  object(process: number, id: number, copy: string, before: number): string {
    const key = `${process}:${id}:${copy}`;
    const known = this.vars.get(key);
    if (known) return known;
    const cls = this.seed.classes[process]?.get(id);
    const ctor = this.creator(process, id);
    const name = `${(cls ?? 'o').replace(/^./, (c) => c.toLowerCase()).replace(/[^A-Za-z0-9_$]/g, '')}${++this.named}`;
    if (ctor) {
      const clsName = ctor.fn.split('.')[0];
      const args = ctor.params.map((p) => this.value(p.value, process, copy, ctor.order)).join(', ');
      this.statements.push(`const ${name} = new ${this.exportRef(ctor.file, clsName)}(${args});`);
    } else if (this.factory(process, id, before)) {
      // Made by a factory function (`createCounter()` returning `{ inc() {…} }`, issue 31): call
      // it again; its closure state is new with every call.
      const made = this.factory(process, id, before)!;
      this.statements.push(`const ${name} = ${made.async ? 'await ' : ''}${this.call(made, copy)};`);
    } else {
      // No constructor ran instrumented: a class without one (field initializers only), built
      // with `new C()`; anything else the tests built themselves.
      const file = cls ? this.classFile.get(cls) ?? this.seed.classFiles.get(cls) : undefined;
      if (!cls || !file || ['Object', 'Array', 'Map', 'Set'].includes(cls)) throw new Unproducible(`an object${cls ? ` (${cls})` : ''} the tests built themselves, not through an instrumented constructor`);
      if (this.facts(file).needsArgs.has(cls)) throw new Unproducible(`a ${cls} whose constructor did not run traced`);
      this.statements.push(`const ${name} = new ${this.exportRef(file, cls)}();`);
    }
    this.vars.set(key, name);
    // The recorded calls that grew it (wrote into it) before `before`, in their order.
    for (const inv of this.seed.invocations) {
      if (inv.process !== process || inv.order >= before || inv.kind === 'constructor' || inv.threw) continue;
      // A factory-made object's state is its closure's: a call on it that wrote anything grew it.
      if (!inv.wrote.includes(id) && !(inv.receiver === id && inv.kind === 'object-method' && inv.wrote.length > 0)) continue;
      const touches = inv.receiver === id || inv.params.some((p) => objectId(p.value) === id);
      if (!touches) continue;
      const callKey = `${inv.id}:${copy}`;
      if (this.emitted.has(callKey)) continue;
      this.emitted.add(callKey);
      this.statements.push(`${inv.async ? 'await ' : ''}${this.call(inv, copy)};`);
    }
    return name;
  }

  /** The state of module `file` as the seed process had built it before call order `before`: the
   *  earlier calls that wrote it (000 §3.6, re-executing the sequential test up to the call; a
   *  module's state outlives one test, so that is every earlier call of the process), from the
   *  last one that overwrote all of it (a `clear()`, a reassignment) before reading it. The module
   *  is imported afresh by every run of setup, so the replay starts from a just-loaded module. */
  moduleState(file: string, process: number, copy: string, before: number): void {
    // A CommonJS module is not renewed by importing it again: the test loads it out of require's cache.
    if (this.facts(file).commonjs) this.freshCommonJs.add(file);
    this.fresh.add(file);
    this.moduleVar(file);
    const roots = this.seed.moduleRoots?.[process] ?? new Map();
    // The module's objects: its scope object and bindings, and what is read out of them.
    const owned = new Set([...roots].filter(([, r]) => r.file === file).map(([id]) => id));
    const writers: { inv: ClientInvocation; wrote: Set<string>; overwrote: Set<string> }[] = [];
    for (const inv of this.seed.invocations) {
      if (inv.process !== process || inv.order >= before) continue;
      const wrote = new Set<string>();
      const overwrote = new Set<string>();
      const touched = new Set<string>();
      for (const ev of inv.events) {
        if (ev.e !== 'rd' && ev.e !== 'wr') continue;
        if (!owned.has(ev.obj)) continue;
        const at = `${ev.obj}.${ev.k}`;
        if (ev.e === 'rd' && objectId(ev.v) !== undefined) owned.add(objectId(ev.v)!);
        if (ev.e === 'wr') {
          wrote.add(at);
          // A write of the whole location (no element key) before any read of it replaces it.
          if (!touched.has(at) && ev.ek === undefined) overwrote.add(at);
        }
        touched.add(at);
      }
      if (wrote.size > 0 && inv.kind !== 'constructor' && !inv.threw) writers.push({ inv, wrote, overwrote });
    }
    let from = 0;
    const dirty = new Set<string>();
    writers.forEach((w, k) => {
      if (dirty.size > 0 && [...dirty].every((at) => w.overwrote.has(at))) {
        from = k;
        dirty.clear();
      }
      for (const at of w.wrote) dirty.add(at);
    });
    // The module's own synchronous readers the seed called with plain values (`available('apple')`,
    // `connectCount()`): what the oracle observes after each run, since 002 Alg. 2 compares final
    // states and the module's state is not in what setup returns.
    for (const inv of this.seed.invocations) {
      if (inv.process !== process || inv.file !== file || inv.async || inv.threw || this.observers.length >= 4) continue;
      if (inv.kind !== 'function' && inv.kind !== 'arrow' && inv.kind !== 'function-expression') continue;
      if (inv.params.some((p) => typeof p.value === 'object' && p.value !== null && p.value.$ !== 'undefined' && p.value.$ !== 'number')) continue;
      if (inv.events.some((ev) => ev.e === 'wr') || !inv.events.some((ev) => ev.e === 'rd' && owned.has(ev.obj))) continue;
      let call: string;
      try {
        call = this.call(inv, copy);
      } catch (error) {
        if (error instanceof Unproducible) continue;
        throw error;
      }
      if (!this.observers.includes(call)) this.observers.push(call);
    }
    for (const { inv } of writers.slice(from)) {
      // A call of another module that writes this one's state holds the module it imported, not
      // the fresh one.
      if (inv.file !== file) throw new Unproducible(`${inv.fn} (${inv.file}) changes the state of ${file}: a fresh import of ${file} for each run would not be the one it uses`);
      const callKey = `${inv.id}:${copy}`;
      if (this.emitted.has(callKey)) continue;
      this.emitted.add(callKey);
      this.statements.push(`${inv.async ? 'await ' : ''}${this.call(inv, copy)};`);
    }
  }

  /** The call expression of a recorded client invocation with its recorded arguments. */
  call(inv: ClientInvocation, copy: string, override: Map<number, string> = new Map()): string {
    const arg = (v: TraceValue) => {
      const id = objectId(v);
      return id !== undefined && override.has(id) ? override.get(id)! : this.value(v, inv.process, copy, inv.order);
    };
    const args = inv.params.map((p) => arg(p.value)).join(', ');
    // A module function: declared, or an arrow / function expression bound to a module `const`.
    if (inv.kind === 'function' || (inv.receiver === undefined && (inv.kind === 'arrow' || inv.kind === 'function-expression') && !inv.fn.includes('.'))) return `${this.exportRef(inv.file, inv.fn)}(${args})`;
    // `exports.f = function …` / `module.exports.f = …` (issue 31): reached on the namespace's default.
    if (inv.kind !== 'method' && inv.kind !== 'object-method' && /^(module\.)?exports\./.test(inv.fn)) return `${this.exportRef(inv.file, inv.fn)}(${args})`;
    // A method of an object literal (a factory's `return { inc() {} }`) is called on its object.
    if ((inv.kind !== 'method' && inv.kind !== 'object-method') || inv.receiver === undefined) throw new Unproducible(`${inv.fn} is a ${inv.kind === 'arrow' ? 'arrow function' : inv.kind} the tests reached some other way than as an export or a method`);
    const method = inv.fn.split('.').pop()!;
    const receiver = override.get(inv.receiver) ?? this.object(inv.process, inv.receiver, copy, inv.order);
    return `${receiver}.${method}(${args})`;
  }
}
