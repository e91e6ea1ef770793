// What a failed `conlens` run said, for the error notification: the CLI's own error line
// (src/cli/main.ts writes `conlens: <message>` to stderr; a configuration error puts the details
// on the next line) or the {"type":"error"} line of `--progress json`, not its stage lines
// (`conlens: call graph…`) or warnings. Pure.

export function cliError(stderr: string, stdout: string, exitCode: number | null): string {
  const lines = stderr.split(/\r?\n/).map((l) => l.trim());
  // `--progress json` ends a failed run with {"type":"error","message":…}.
  for (const line of [...lines].reverse()) {
    if (!line.startsWith('{"type":"error"')) continue;
    try {
      const message = (JSON.parse(line) as { message?: unknown }).message;
      if (typeof message === 'string' && message) return message;
    } catch {
      // Not JSON after all: keep looking.
    }
  }
  let found = -1;
  for (let i = lines.length - 1; i >= 0; i--) {
    const l = lines[i];
    if (/^conlens: /.test(l) && !l.endsWith('…') && !/^conlens: warning/i.test(l)) {
      found = i;
      break;
    }
  }
  if (found >= 0) {
    const message = lines[found].replace(/^conlens: /, '');
    const next = lines[found + 1];
    // "invalid configuration" and "internal error:" are headings; the detail is on the next line.
    if ((message === 'invalid configuration' || message.endsWith(':')) && next && !next.startsWith('(see ')) return `${message}: ${next}`;
    return message;
  }
  const last = [...lines, ...stdout.split(/\r?\n/).map((l) => l.trim())].filter(Boolean).at(-1);
  return last ?? `the engine exited with code ${exitCode}`;
}
