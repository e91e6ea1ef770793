// Just enough of Source Map v3 for instrumenting another transformer's output (Jest): decode a
// map, look a generated position up, and compose our map (instrumented → their output) with
// theirs (their output → the user's source) so stack traces and program points name the
// user's own lines. No dependency: the files that use it run inside the user's test processes.

export interface RawSourceMap {
  version: number;
  file?: string;
  sources: string[];
  sourcesContent?: (string | null)[];
  names?: string[];
  mappings: string;
  sourceRoot?: string;
}

/** [generated column, source index, source line, source column] (all 0-based). */
type Segment = [number, number, number, number];

const B64 = 'ABCDEFGHIJKLMNOPQRSTUVWXYZabcdefghijklmnopqrstuvwxyz0123456789+/';
const B64_INDEX = new Map([...B64].map((c, i) => [c, i]));

function decodeVlq(text: string, at: { i: number }): number {
  let value = 0;
  let shift = 0;
  for (;;) {
    const digit = B64_INDEX.get(text[at.i++]) ?? 0;
    value += (digit & 31) << shift;
    shift += 5;
    if ((digit & 32) === 0) break;
  }
  return value & 1 ? -(value >>> 1) : value >>> 1;
}

function encodeVlq(value: number): string {
  let v = value < 0 ? (-value << 1) | 1 : value << 1;
  let out = '';
  do {
    let digit = v & 31;
    v >>>= 5;
    if (v > 0) digit |= 32;
    out += B64[digit];
  } while (v > 0);
  return out;
}

/** Per generated line, its segments that have a source, sorted by column. */
export function decodeMappings(mappings: string): Segment[][] {
  const lines: Segment[][] = [];
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  for (const lineText of mappings.split(';')) {
    const segments: Segment[] = [];
    let column = 0;
    for (const segmentText of lineText.split(',')) {
      if (!segmentText) continue;
      const at = { i: 0 };
      const fields: number[] = [];
      while (at.i < segmentText.length) fields.push(decodeVlq(segmentText, at));
      column += fields[0];
      if (fields.length >= 4) {
        source += fields[1];
        sourceLine += fields[2];
        sourceColumn += fields[3];
        segments.push([column, source, sourceLine, sourceColumn]);
      }
    }
    segments.sort((a, b) => a[0] - b[0]);
    lines.push(segments);
  }
  return lines;
}

function encodeMappings(lines: Segment[][]): string {
  let source = 0;
  let sourceLine = 0;
  let sourceColumn = 0;
  return lines.map((segments) => {
    let column = 0;
    return segments.map(([c, s, l, sc]) => {
      const text = encodeVlq(c - column) + encodeVlq(s - source) + encodeVlq(l - sourceLine) + encodeVlq(sc - sourceColumn);
      column = c;
      source = s;
      sourceLine = l;
      sourceColumn = sc;
      return text;
    }).join(',');
  }).join(';');
}

/** The source position of a generated one: the closest segment at or before it on its line,
 *  else the line's first segment; undefined when the line has none. */
export function lookup(lines: Segment[][], line: number, column: number): Segment | undefined {
  const segments = lines[line];
  if (!segments || segments.length === 0) return undefined;
  let found = segments[0];
  for (const segment of segments) {
    if (segment[0] > column) break;
    found = segment;
  }
  return found;
}

/** The map of `outer ∘ inner`: `outer` maps the final code to inner's generated code, `inner`
 *  maps that to the original sources. */
export function composeMaps(outer: RawSourceMap, inner: RawSourceMap): RawSourceMap {
  const innerLines = decodeMappings(inner.mappings);
  const composed = decodeMappings(outer.mappings).map((segments) => {
    const out: Segment[] = [];
    for (const [column, , line, sourceColumn] of segments) {
      const hit = lookup(innerLines, line, sourceColumn);
      if (hit) out.push([column, hit[1], hit[2], hit[3]]);
    }
    return out;
  });
  return {
    version: 3,
    ...(outer.file ? { file: outer.file } : {}),
    sources: inner.sources,
    ...(inner.sourcesContent ? { sourcesContent: inner.sourcesContent } : {}),
    ...(inner.sourceRoot ? { sourceRoot: inner.sourceRoot } : {}),
    names: [],
    mappings: encodeMappings(composed),
  };
}

const INLINE_MAP = /\n?\/\/[#@] sourceMappingURL=data:application\/json;(?:charset=[^;,]+;)?base64,([A-Za-z0-9+/=]+)\s*$/;

/** Splits an inline source map comment off the end of `code`. */
export function takeInlineMap(code: string): { code: string; map?: RawSourceMap } {
  const match = INLINE_MAP.exec(code);
  if (!match) return { code };
  try {
    return { code: code.slice(0, match.index), map: JSON.parse(Buffer.from(match[1], 'base64').toString('utf8')) as RawSourceMap };
  } catch {
    return { code: code.slice(0, match.index) };
  }
}
