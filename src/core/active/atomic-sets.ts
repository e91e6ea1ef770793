// Atomic sets and units of work (001 §3.1, after Vaziri et al.), statically, for ASSETFUZZER:
// - atomic sets: the config's `atomicSets` ([{ class, fields }]), fields tagged
//   `/** @atomicSet name */` (the fields of one class with the same name form one set), else
//   inferred — the member variables one method writes together (002's M_w, intra-class calls
//   included) belong together. Objects the static analysis does not know (plain objects,
//   collections, files and directories) get theirs at run time, the same way (hybrid-analysis.ts).
// - units of work: the public methods of the class that owns a set (001's default; nested calls
//   belong to the outermost, rpoet.ts), and the atomic functions (config `atomic`, `@atomic`).
import { ts } from 'ts-morph';
import { ConfigError } from '../config/config-error.js';
import type { LoadedConfig } from '../config/config-types.js';
import { classAccessMaps } from '../static/access-maps.js';
import { loadProject } from '../static/load-project.js';
import { LockModel } from '../static/lock-regions.js';
import type { ClassAccessMap } from '../static/static-types.js';
import { atomicBlocks } from './atomic-blocks.js';
import type { AtomicSetSpec } from './hybrid-analysis.js';
import type { UnitsOfWork } from './rpoet.js';

export interface AtomicSet extends AtomicSetSpec {
  source: 'config' | 'annotation' | 'inferred';
}

export interface AtomicSetsAndUnits {
  sets: AtomicSet[];
  units: UnitsOfWork;
}

/** The fields of each class tagged `@atomicSet <name>`: class → set name → fields. */
function taggedFields(scope: ts.SourceFile[]): Map<string, Map<string, string[]>> {
  const result = new Map<string, Map<string, string[]>>();
  for (const sourceFile of scope) {
    const visit = (node: ts.Node): void => {
      if (ts.isClassLike(node) && node.name) {
        for (const member of node.members) {
          if (!ts.isPropertyDeclaration(member) && !ts.isParameter(member)) continue;
          const tag = ts.getJSDocTags(member).find((t) => t.tagName.text === 'atomicSet');
          if (!tag || !member.name || !ts.isIdentifier(member.name)) continue;
          const comment = typeof tag.comment === 'string' ? tag.comment.trim().split(/\s+/)[0] : '';
          const sets = result.get(node.name.text) ?? new Map<string, string[]>();
          const name = comment || 'default';
          sets.set(name, [...(sets.get(name) ?? []), member.name.text]);
          result.set(node.name.text, sets);
        }
      }
      ts.forEachChild(node, visit);
    };
    visit(sourceFile);
  }
  return result;
}

/** 001 §3.1 inference over M_w: fields one (non-constructor) method writes together. */
export function inferAtomicSets(map: Pick<ClassAccessMap, 'name' | 'vars' | 'writes'>): AtomicSetSpec[] {
  const parent = new Map(map.vars.map((v) => [v, v]));
  const find = (x: string): string => (parent.get(x) === x ? x : find(parent.get(x)!));
  const byMethod = new Map<string, string[]>();
  for (const [field, methods] of Object.entries(map.writes)) {
    for (const method of methods) byMethod.set(method, [...(byMethod.get(method) ?? []), field]);
  }
  for (const fields of byMethod.values()) {
    for (const field of fields.slice(1)) {
      if (parent.has(field) && parent.has(fields[0])) parent.set(find(field), find(fields[0]));
    }
  }
  const groups = new Map<string, string[]>();
  for (const v of map.vars) {
    if (!(map.writes[v] ?? []).length) continue;
    const root = find(v);
    groups.set(root, [...(groups.get(root) ?? []), v]);
  }
  return [...groups.values()].filter((fields) => fields.length > 1).map((fields) => ({ class: map.name, fields }));
}

export function atomicSetsAndUnits(loaded: LoadedConfig): AtomicSetsAndUnits {
  const configured = loaded.config.atomicSets ?? [];
  const sets: AtomicSet[] = configured.map((s) => ({ class: s.class, fields: [...s.fields], source: 'config' }));
  const classes: Record<string, string[]> = {};
  let maps: ClassAccessMap[] = [];
  let tagged = new Map<string, Map<string, string[]>>();
  let project: ReturnType<typeof loadProject> | undefined;
  try {
    project = loadProject(loaded.root, loaded.config.include);
    const { scope, checker } = project;
    maps = classAccessMaps(scope, loaded.root, new LockModel(checker, loaded.root, loaded.config.locks ?? []));
    tagged = taggedFields(scope);
  } catch {
    // Files that do not load: the config's sets only, everything else inferred at run time.
  }
  // The config names classes and fields that must exist (a typo would silently check nothing).
  if (maps.length) {
    const problems = configured.flatMap((s, i) => {
      const map = maps.find((m) => m.name === s.class);
      if (!map) return [{ file: loaded.file, line: 0, column: 0, path: `atomicSets[${i}].class`, message: `no class "${s.class}" in the included files; name a class declared there (known: ${[...new Set(maps.map((m) => m.name))].slice(0, 12).join(', ')})` }];
      const unknown = s.fields.filter((f) => !map.vars.includes(f));
      return unknown.length ? [{ file: loaded.file, line: 0, column: 0, path: `atomicSets[${i}].fields`, message: `${s.class} has no member variable ${unknown.map((f) => `"${f}"`).join(', ')} (its member variables: ${map.vars.join(', ') || 'none'})` }] : [];
    });
    if (problems.length) throw new ConfigError(problems);
  }
  const declared = new Set(sets.map((s) => s.class));
  for (const [cls, byName] of tagged) {
    if (declared.has(cls)) continue;
    for (const fields of byName.values()) sets.push({ class: cls, fields, source: 'annotation' });
    declared.add(cls);
  }
  for (const map of maps) {
    classes[map.name] = [...new Set([...(classes[map.name] ?? []), ...map.methods.filter((m) => m !== 'constructor').map((m) => `${map.name}.${m}`)])];
    if (declared.has(map.name)) continue;
    for (const spec of inferAtomicSets(map)) sets.push({ ...spec, source: 'inferred' });
  }
  // `@atomic` and the config's `atomic` declare units too (not the check-then-act heuristic:
  // that one guesses atomic blocks, the units of work are the class's public methods already).
  const blocks = atomicBlocks(loaded, project);
  const atomic = blocks.names.filter((name) => blocks.sources[name] === 'config' || blocks.sources[name] === 'annotation');
  return { sets, units: { classes, atomic } };
}
