// The static stage: project folder → StaticAnalysis (plain JSON).
import { relative } from 'node:path';
import { ts } from 'ts-morph';
import type { LockClass } from '../config/config-types.js';
import { classAccessMaps } from './access-maps.js';
import { buildCallGraph, depthsFrom, findRoots, toGraph } from './call-graph.js';
import { buildInventory } from './function-inventory.js';
import { loadProject, toPosix } from './load-project.js';
import { LockModel } from './lock-regions.js';
import type { StaticAnalysis, StaticDiagnostic } from './static-types.js';

export interface StaticOptions {
  include: string[];
  roots?: string[];
  atomic?: string[];
  locks?: LockClass[];
  /** Also run the type checker's full diagnostics (as slow as tsc); syntax errors are always listed. */
  typeErrors?: boolean;
}

export function analyzeProject(root: string, options: StaticOptions): StaticAnalysis {
  const { project, program, checker, scope } = loadProject(root, options.include);
  const inventory = buildInventory(scope, root, new Set(options.atomic ?? []));
  const callGraph = buildCallGraph(project, checker, scope, inventory, root);
  const nodes = inventory.entries.map((e) => e.node);
  const graph = toGraph(nodes, callGraph.edges);
  const { roots, unknown } = findRoots(graph, options.roots ?? []);
  const depth = depthsFrom(graph, roots);
  const classes = classAccessMaps(scope, root, new LockModel(checker, root, options.locks ?? []));

  const diagnostics: StaticDiagnostic[] = [];
  const toDiagnostic = (d: ts.Diagnostic): StaticDiagnostic => {
    const position = d.file && d.start !== undefined ? d.file.getLineAndCharacterOfPosition(d.start) : { line: -1, character: -1 };
    return {
      file: d.file ? toPosix(relative(root, d.file.fileName)) : '',
      line: position.line + 1,
      column: position.character + 1,
      message: ts.flattenDiagnosticMessageText(d.messageText, '\n'),
      category: d.category === ts.DiagnosticCategory.Error ? 'error' : 'warning',
    };
  };
  for (const file of scope) {
    for (const d of program.getSyntacticDiagnostics(file)) diagnostics.push(toDiagnostic(d));
    if (options.typeErrors) for (const d of program.getSemanticDiagnostics(file)) diagnostics.push(toDiagnostic(d));
  }
  for (const name of unknown) {
    diagnostics.push({ file: '', line: 0, column: 0, message: `configured root "${name}" is not a function in scope`, category: 'warning' });
  }

  const lines = scope.reduce((n, file) => n + file.getLineStarts().length, 0);
  return {
    version: 1,
    root,
    nodes,
    edges: callGraph.edges,
    roots,
    depth,
    calledAfter: callGraph.calledAfter,
    classes,
    diagnostics,
    stats: { files: scope.length, lines, functions: nodes.length, ...callGraph.stats },
  };
}
