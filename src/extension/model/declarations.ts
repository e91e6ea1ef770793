// Where a function is declared, from its display name (core/static/function-naming.ts:
// `Class.method`, `name`, `Class.get x`, `outer.inner`, `Class.constructor`) and its file's text.
// The report gives file:line for f_i but only the id of a `between` position's caller f_j, and
// 004 IV-F puts that bug between f_j::ENTER and f_i::ENTER — inside f_j — so the editor marks f_j's
// declaration too. A line scan is enough for that and keeps the TypeScript compiler out of the
// extension host; when the report carries callerFile/callerLine they are used instead.

const escape = (s: string) => s.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');

/** 1-based line of the declaration of `name` in `text`, or undefined. */
export function findDeclarationLine(text: string, name: string): number | undefined {
  const lines = text.split(/\r?\n/);
  const parts = name.split('.');
  const member = parts.pop()!;
  let from = 0;
  // Narrow to the enclosing class / function / object by its own declaration, outermost first.
  for (const outer of parts) {
    const o = escape(outer);
    const at = lines.findIndex((l, i) => i >= from && new RegExp(`\\b(class|function\\*?|const|let|var|interface)\\s+${o}\\b|^\\s*(async\\s+)?${o}\\s*\\(`).test(l));
    if (at < 0) return undefined;
    from = at;
  }
  const accessor = /^(get|set) (.+)$/.exec(member);
  const m = escape(accessor ? accessor[2] : member);
  const modifiers = '(?:(?:export|default|declare|public|private|protected|static|async|override|readonly|abstract)\\s+)*';
  const patterns = accessor
    ? [new RegExp(`^\\s*${modifiers}${accessor[1]}\\s+${m}\\s*\\(`)]
    : member === 'constructor'
      ? [/^\s*(?:(?:public|private|protected)\s+)?constructor\s*\(/]
      : [
          new RegExp(`^\\s*${modifiers}function\\s*\\*?\\s*${m}\\s*[<(]`),
          new RegExp(`^\\s*${modifiers}(?:const|let|var)\\s+${m}\\s*(?::[^=]+)?=`),
          new RegExp(`^\\s*${modifiers}\\*?\\s*#?${m}\\s*(?:<[^>]*>)?\\s*\\(`),
          new RegExp(`^\\s*${modifiers}#?${m}\\s*(?::[^=]+)?=\\s*(?:async\\s*)?(?:function|\\(|[A-Za-z_$][\\w$]*\\s*=>)`),
          new RegExp(`^\\s*['"]?${m}['"]?\\s*:\\s*(?:async\\s*)?(?:function|\\()`),
        ];
  for (let i = from; i < lines.length; i++) {
    if (patterns.some((p) => p.test(lines[i]))) return i + 1;
  }
  return undefined;
}

/** `src/account.ts#checkThenWithdraw` → file and display name. */
export function splitId(id: string): { file: string; name: string } | undefined {
  const cut = id.lastIndexOf('#');
  return cut > 0 ? { file: id.slice(0, cut), name: id.slice(cut + 1) } : undefined;
}
