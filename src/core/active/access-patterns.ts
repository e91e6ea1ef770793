// The eleven problematic access patterns of Vaziri et al. (001 Table 1): an execution is atomic-set
// serializable iff its projection on every atomic set matches none of them. u is the unit of work
// whose consistency breaks, u' the other one; m1, m2 two locations of one atomic set. Rows 6, 8
// and 9 let u' touch the two locations in either order (m ∈ {m1, m2}, m̄ the other), so they are
// listed twice. Rows 1-5 are also what localize/interleaving.ts tells a failing run's story with:
// their names in the user's words, and the story's other shapes, are here (ACCESS_PATTERNS).

export type AccessPatternName = 'R-W-W' | 'R-W-R' | 'W-R-W' | 'W-W-R' | 'W-W-W' | 'R-WW-R' | 'W-RR-W' | 'R-W-wait' | 'R-R-fail';

/** 001 Table 1: patterns 1-5 on one location, and the two-location shapes of rows 6-11 on one
 *  object's fields (Vaziri's default atomic set: the fields of one object); the row (0: one of
 *  6-11), the name in the user's words and the paper's description. */
export const ACCESS_PATTERNS: Record<AccessPatternName, { row: number; name: string; description: string }> = {
  'R-WW-R': { row: 0, name: 'inconsistent snapshot', description: 'u reads one field of the atomic set before and another after u\' updated both' },
  'W-RR-W': { row: 0, name: 'torn update of two fields', description: 'u\' reads the atomic set between u\'s writes of its two fields' },
  'R-R-fail': { row: 0, name: 'both passed the check', description: 'two tasks read the same location before either acted on it; one failed acting (001 pattern 1 seen from the task that has not written yet)' },
  'R-W-wait': { row: 1, name: 'lost wake-up', description: 'the value read is stale by the time the task starts waiting for it to change: the change (and its notification) already happened' },
  'R-W-W': { row: 1, name: 'lost update', description: 'the value read is stale by the time the update is made' },
  'R-W-R': { row: 2, name: 'inconsistent read', description: 'two reads of the same location yield different values' },
  'W-R-W': { row: 3, name: 'dirty read (torn update)', description: 'an intermediate state is observed by the other task' },
  'W-W-R': { row: 4, name: 'read of a foreign write', description: 'the value read is not the one last written by the task' },
  'W-W-W': { row: 5, name: 'lost write', description: "the other task's write is lost" },
};

/** One event of a pattern: whose (0: u, 1: u'), read or write, which location (0: m1, 1: m2). */
export interface PatternStep {
  role: 0 | 1;
  op: 'r' | 'w';
  loc: 0 | 1;
}

export interface AccessPattern {
  /** 001 Table 1 row, 1-11. */
  row: number;
  /** The paper's notation: `R_u(m1) W_u'(m1) W_u'(m2) R_u(m2)`. */
  notation: string;
  /** The paper's description. */
  description: string;
  /** In the user's words. */
  name: string;
  steps: PatternStep[];
}

const step = (text: string): PatternStep => {
  // `u r 0`: role, op, location.
  const [role, op, loc] = text.split(' ');
  return { role: role === 'u' ? 0 : 1, op: op as 'r' | 'w', loc: loc === '0' ? 0 : 1 };
};

function pattern(row: number, description: string, name: string, ...steps: string[]): AccessPattern {
  const parsed = steps.map(step);
  const single = parsed.every((s) => s.loc === 0);
  const notation = parsed.map((s) => `${s.op.toUpperCase()}_${s.role ? "u'" : 'u'}(${single ? 'm' : `m${s.loc + 1}`})`).join(' ');
  return { row, notation, description, name, steps: parsed };
}

const single = (key: keyof typeof ACCESS_PATTERNS, row: number, ...steps: string[]) =>
  pattern(row, ACCESS_PATTERNS[key].description, ACCESS_PATTERNS[key].name, ...steps);

/** 001 Table 1, in row order (rows 6, 8, 9 in both orders of u's two accesses). */
export const TABLE_1: readonly AccessPattern[] = [
  single('R-W-W', 1, 'u r 0', "u' w 0", 'u w 0'),
  single('R-W-R', 2, 'u r 0', "u' w 0", 'u r 0'),
  single('W-R-W', 3, 'u w 0', "u' r 0", 'u w 0'),
  single('W-W-R', 4, 'u w 0', "u' w 0", 'u r 0'),
  single('W-W-W', 5, 'u w 0', "u' w 0", 'u w 0'),
  pattern(6, 'memory is left in an inconsistent state', 'inconsistent state: both fields overwritten in between', 'u w 0', "u' w 0", "u' w 1", 'u w 1'),
  pattern(6, 'memory is left in an inconsistent state', 'inconsistent state: both fields overwritten in between', 'u w 0', "u' w 1", "u' w 0", 'u w 1'),
  pattern(7, 'memory is left in an inconsistent state', 'inconsistent state: crossed writes of the two fields', 'u w 0', "u' w 1", 'u w 1', "u' w 0"),
  pattern(8, 'state observed is inconsistent', 'inconsistent view: the other unit read both fields half-way through an update', 'u w 0', "u' r 0", "u' r 1", 'u w 1'),
  pattern(8, 'state observed is inconsistent', 'inconsistent view: the other unit read both fields half-way through an update', 'u w 0', "u' r 1", "u' r 0", 'u w 1'),
  pattern(9, 'state observed is inconsistent', 'inconsistent view: both fields changed between the two reads', 'u r 0', "u' w 0", "u' w 1", 'u r 1'),
  pattern(9, 'state observed is inconsistent', 'inconsistent view: both fields changed between the two reads', 'u r 0', "u' w 1", "u' w 0", 'u r 1'),
  pattern(10, 'state observed is inconsistent', 'inconsistent view: one field read before and one after the other unit\'s update', 'u r 0', "u' w 1", 'u r 1', "u' w 0"),
  pattern(11, 'state observed is inconsistent', 'inconsistent view: crossed write and read of the two fields', 'u w 0', "u' r 1", 'u w 1', "u' r 0"),
];

/** The plain-words sentence for a matched pattern: what went wrong, who did it. */
export function patternSentence(pattern: AccessPattern, u: string, other: string, locations: [string, string?]): string {
  const [m1, m2] = locations;
  switch (pattern.row) {
    case 1:
      return `value of ${m1} read by ${u} is stale by the time ${u} writes it back; ${other} wrote it in between (lost update)`;
    case 2:
      return `${u} reads ${m1} twice and gets two different values; ${other} wrote it in between`;
    case 3:
      return `${other} reads ${m1} while ${u} is half-way through updating it (an intermediate state is observed)`;
    case 4:
      return `${u} reads back ${m1} and does not get what it wrote; ${other} wrote it in between`;
    case 5:
      return `the value of ${m1} written by ${other} is lost: ${u} overwrites it`;
    case 6:
    case 7:
      return `${u} writes ${m1} and ${m2} but ${other} writes them in between: the two fields are left inconsistent`;
    case 8:
    case 11:
      return `${other} reads ${m1} and ${m2} while ${u} has written only one of them: it sees an inconsistent state`;
    default:
      return `${u} reads ${m1} and ${m2} but ${other} writes them in between: ${u} sees an inconsistent state`;
  }
}
