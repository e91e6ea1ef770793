// Human-facing renderings of a StaticAnalysis: a text summary and Graphviz DOT.
import type { StaticAnalysis } from './static-types.js';

export function toDot(analysis: StaticAnalysis): string {
  const quote = (s: string) => JSON.stringify(s);
  const roots = new Set(analysis.roots);
  const lines = ['digraph callgraph {', '  rankdir=LR;', '  node [shape=box, fontname="Helvetica"];'];
  for (const node of analysis.nodes) {
    const depth = analysis.depth[node.id];
    const label = `${node.name}\\n${node.file}:${node.line}${depth === undefined ? '' : `  depth ${depth}`}`;
    const style = [roots.has(node.id) ? 'penwidth=2' : '', node.atomic ? 'style=dashed' : ''].filter(Boolean).join(', ');
    lines.push(`  ${quote(node.id)} [label="${label}"${style ? `, ${style}` : ''}];`);
  }
  for (const edge of analysis.edges) {
    const label = edge.declaredTarget ? ` [label=${quote(`via ${edge.declaredTarget.split('#')[1]}`)}]` : '';
    lines.push(`  ${quote(edge.from)} -> ${quote(edge.to)}${label};`);
  }
  for (const fact of analysis.calledAfter) {
    lines.push(`  ${quote(fact.before)} -> ${quote(fact.after)} [style=dotted, arrowhead=open, constraint=false];`);
  }
  lines.push('}');
  return `${lines.join('\n')}\n`;
}

export function formatSummary(analysis: StaticAnalysis): string {
  const { stats } = analysis;
  const share = stats.callSites ? ((100 * stats.resolved) / stats.callSites).toFixed(1) : '100.0';
  const out: string[] = [
    `${stats.files} files, ${stats.lines} lines, ${stats.functions} functions, ${analysis.edges.length} call edges`,
    `call sites: ${stats.callSites}, resolved ${stats.resolved} (${share}%), in scope ${stats.inScope}, rewritten by dispatch ${stats.dispatched}`,
  ];
  const byId = new Map(analysis.nodes.map((n) => [n.id, n]));
  const children = new Map<string, string[]>();
  for (const edge of analysis.edges) {
    if (!children.has(edge.from)) children.set(edge.from, []);
    children.get(edge.from)!.push(edge.to);
  }
  out.push('', `Call tree from the roots (depth; * = @atomic):`);
  const printed = new Set<string>();
  const MAX_LINES = 200;
  let count = 0;
  const walk = (id: string, indent: number) => {
    if (count >= MAX_LINES) return;
    const node = byId.get(id);
    if (!node) return;
    const again = printed.has(id);
    count++;
    out.push(`${'  '.repeat(indent + 1)}${node.name}${node.atomic ? ' *' : ''}  (${analysis.depth[id] ?? '-'})  ${node.file}:${node.line}${again ? '  …' : ''}`);
    if (again) return;
    printed.add(id);
    for (const child of children.get(id) ?? []) if (child !== id) walk(child, indent + 1);
  };
  for (const root of analysis.roots) walk(root, 0);
  if (count >= MAX_LINES) out.push(`  … (${analysis.nodes.length} functions in all; use --json for everything)`);
  if (analysis.calledAfter.length) {
    out.push('', 'Always called after (004 eq. 6):');
    for (const fact of analysis.calledAfter.slice(0, 50)) {
      out.push(`  ${byId.get(fact.before)?.name} → ${byId.get(fact.after)?.name}  in ${byId.get(fact.in)?.name}:${fact.line}`);
    }
  }
  for (const cls of analysis.classes) {
    out.push('', `class ${cls.name}  (${cls.file}:${cls.line})`);
    out.push(`  V = {${cls.vars.join(', ')}}   F = {${cls.methods.join(', ')}}`);
    for (const v of cls.vars) out.push(`  M_r(${v}) = {${cls.reads[v].join(', ')}}   M_w(${v}) = {${cls.writes[v].join(', ')}}`);
    out.push(`  synchronized = {${cls.synchronized.join(', ')}}   S_f (non-atomic) = {${cls.nonAtomic.join(', ')}}`);
  }
  if (analysis.diagnostics.length) {
    out.push('', `Diagnostics (${analysis.diagnostics.length}; the graph was built anyway):`);
    for (const d of analysis.diagnostics.slice(0, 20)) out.push(`  ${d.file}:${d.line}:${d.column}: ${d.category}: ${d.message}`);
  }
  return `${out.join('\n')}\n`;
}
