// The hover on a suspicious declaration (issue 8 item 3, issue 14 point 5): why it is ranked where
// it is. It leads with what the user can read — its failure invariants in plain words and the
// violation that confirmed it — then the paper's details: S_rate = depth / order (004 IV-F),
// failure flag (EN, EX), the positions folded into the row. The failure invariants the noise rules
// hid (localize/noise.ts) are only counted, and listed when "show all" is on. Markdown text, pure.
import type { HiddenFailureInvariant, ReportViolation } from '../../core/report/report-types.js';
import { viaDetail } from '../../core/report/fold-positions.js';
import { scheduleName } from '../../core/active/violation.js';
import { formatFlags, formatScore, invariantChanges, invariantInWords, positionName, type RankedPosition } from './report-model.js';

/** Escapes what Markdown would otherwise interpret (invariants are full of `*`, `_`, `<`, `>`). */
export function escapeMarkdown(text: string): string {
  return text.replace(/[\\`*_{}[\]()#+\-.!|<>~]/g, (c) => `\\${c}`);
}

const MAX_INVARIANTS = 8;

function orderText(order: number | null): string {
  return order === null ? 'unknown (no call recorded)' : String(Number(order.toFixed(3)));
}

/** Escapes a plain-words line, keeping its `code` spans (their text is shown verbatim). */
function wordsMarkdown(text: string): string {
  return text
    .split(/(`[^`]*`)/)
    .map((part, i) => (i % 2 ? part : escapeMarkdown(part)))
    .join('');
}

/** One section per position on the line (rank order). `hidden`: the report's hidden failure
 *  invariants — counted; listed too with `showAll` ("Show hidden positions"). */
export function hoverMarkdown(group: RankedPosition[], violations: ReportViolation[], options: { hidden?: HiddenFailureInvariant[]; showAll?: boolean } = {}): string {
  const parts: string[] = [];
  for (const r of group) {
    const p = r.position;
    const lines: string[] = [];
    lines.push(`**Concurrency Lens — #${r.rank} suspicious: ${escapeMarkdown(positionName(p))}**${p.confirmed ? ' · ✔ confirmed by a violation' : ' · invariant drift only'}`);
    const changes = invariantChanges(p.failureInvariants);
    if (changes.length) {
      lines.push('', `What changed between the unit tests and the integration runs (${changes.length}):`);
      for (const inv of changes.slice(0, MAX_INVARIANTS)) lines.push(`- ${wordsMarkdown(invariantInWords(inv))} (${inv.relationship})`);
      if (changes.length > MAX_INVARIANTS) lines.push(`- … ${changes.length - MAX_INVARIANTS} more in the Failure Invariants view`);
    }
    const noise = (options.hidden ?? []).filter((h) => h.function === p.function || h.function === p.id);
    if (noise.length && options.showAll) {
      lines.push('', `Hidden as fixture noise (${noise.length}):`);
      for (const inv of noise.slice(0, MAX_INVARIANTS)) lines.push(`- ${wordsMarkdown(invariantInWords(inv))} — _${escapeMarkdown(`${inv.noise}: ${inv.detail}`)}_`);
      if (noise.length > MAX_INVARIANTS) lines.push(`- … ${noise.length - MAX_INVARIANTS} more in the Failure Invariants view`);
    } else if (noise.length) {
      lines.push('', `_${noise.length} more failure invariant${noise.length === 1 ? '' : 's'} hidden as fixture noise (object identities, temp paths, ids, Node internals); "Show hidden positions" lists them_`);
    }
    if (p.confirmed) {
      // The violation that implicates it (reports that list `implicated`), else one that ran it.
      const named = (v: ReportViolation) => (v as ReportViolation & { implicated?: string[] }).implicated;
      const v =
        violations.find((v) => named(v)?.some((f) => f === p.function || f === p.caller || f === p.id)) ??
        violations.find((v) => v.trace.some((s) => s.function === p.function || s.function === p.caller));
      if (v) {
        // What happened, in the user's words (the violation's story), then the run it came from.
        if (v.story) lines.push('', `**What went wrong:** ${wordsMarkdown(v.story)}`);
        lines.push('', `Confirmed by: ${escapeMarkdown(v.kind)} — ${escapeMarkdown(v.message)} (${escapeMarkdown(scheduleName(v))})`);
      }
    }
    // The paper's details (004 IV-F) after what the user reads first.
    lines.push('', `S_rate = depth / order = ${Number(p.depth.toFixed(3))} / ${orderText(p.order)} = **${formatScore(p.score)}** · failure flag (EN, EX) = ${formatFlags(p.flags)} (${p.case})${p.likelyDeadlock ? ' · **likely deadlock**' : ''}`);
    const via = viaDetail(p);
    if (via) lines.push('', `Via: ${escapeMarkdown(via)}`);
    if (p.writer?.writes) lines.push('', `Writes ${escapeMarkdown(p.writer.vars.join(', '))} (from ${p.writer.source})`);
    if (p.reason) lines.push('', `_${escapeMarkdown(p.reason)}_`);
    parts.push(lines.join('\n'));
  }
  return parts.join('\n\n---\n\n');
}
