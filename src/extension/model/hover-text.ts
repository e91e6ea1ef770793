// The hover on a suspicious declaration (issue 8 item 3): why it is ranked where it is — rank,
// S_rate = depth / order (004 IV-F), failure flag (EN, EX), its failure invariants as
// ⟨reference, online⟩ pairs (004 IV-B) and the violation that confirmed it. Markdown text, pure.
import type { ReportViolation } from '../../core/report/report-types.js';
import { formatFlags, formatScore, pairLabel, positionName, type RankedPosition } from './report-model.js';

/** Escapes what Markdown would otherwise interpret (invariants are full of `*`, `_`, `<`, `>`). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

const MAX_INVARIANTS = 8;

function orderText(order: number | null): string {
  return order === null ? 'unknown (no call recorded)' : String(Number(order.toFixed(3)));
}

/** One section per position on the line (rank order). */
export function hoverMarkdown(group: RankedPosition[], violations: ReportViolation[]): string {
  const parts: string[] = [];
  for (const r of group) {
    const p = r.position;
    const lines: string[] = [];
    lines.push(`**Concurrency Lens — #${r.rank} suspicious: ${escapeMarkdown(positionName(p))}**${p.confirmed ? ' · ✔ confirmed by a violation' : ' · invariant drift only'}`);
    lines.push('');
    lines.push(`S_rate = depth / order = ${Number(p.depth.toFixed(3))} / ${orderText(p.order)} = **${formatScore(p.score)}**`);
    lines.push('');
    lines.push(`Failure flag (EN, EX) = ${formatFlags(p.flags)} · ${escapeMarkdown(p.kind === 'between' ? `between ${p.caller}::ENTER and ${p.function}::ENTER` : p.kind)} (${p.case})${p.likelyDeadlock ? ' · **likely deadlock**' : ''}`);
    if (p.writer?.writes) lines.push('', `Writes ${escapeMarkdown(p.writer.vars.join(', '))} (from ${p.writer.source})`);
    if (p.failureInvariants.length) {
      lines.push('', `${p.failureInvariants.length} failure invariant${p.failureInvariants.length === 1 ? '' : 's'} ⟨reference, online⟩:`);
      for (const inv of p.failureInvariants.slice(0, MAX_INVARIANTS)) {
        lines.push(`- \`${inv.point}\` ${escapeMarkdown(pairLabel(inv))} — ${inv.relationship}`);
      }
      if (p.failureInvariants.length > MAX_INVARIANTS) lines.push(`- … ${p.failureInvariants.length - MAX_INVARIANTS} more in the Failure Invariants view`);
    }
    if (p.confirmed) {
      // The violation that implicates it (reports that list `implicated`), else one that ran it.
      const named = (v: ReportViolation) => (v as ReportViolation & { implicated?: string[] }).implicated;
      const v =
        violations.find((v) => named(v)?.some((f) => f === p.function || f === p.caller || f === p.id)) ??
        violations.find((v) => v.trace.some((s) => s.function === p.function || s.function === p.caller));
      if (v) lines.push('', `Confirmed by: ${escapeMarkdown(v.kind)} — ${escapeMarkdown(v.message)} (strategy ${escapeMarkdown(v.strategy)}, seed ${v.seed})`);
    }
    if (p.reason) lines.push('', `_${escapeMarkdown(p.reason)}_`);
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n---\n\n');
}
