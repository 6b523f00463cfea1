/**
 * Splits a command line the way a POSIX shell splits words (quotes and backslashes), and nothing
 * more: no variables, globs, pipes or redirections. The server spawns without a shell, so the
 * form shows the resulting argv to make that visible.
 */
export type SplitResult = { ok: true; argv: string[] } | { ok: false; error: string };

export function splitCommandLine(line: string): SplitResult {
  const argv: string[] = [];
  let cur = '';
  let inWord = false;
  let quote: '"' | "'" | null = null;
  for (let i = 0; i < line.length; i++) {
    const ch = line[i];
    if (quote === "'") {
      if (ch === "'") quote = null;
      else cur += ch;
      continue;
    }
    if (quote === '"') {
      if (ch === '"') quote = null;
      else if (ch === '\\' && i + 1 < line.length && '"\\$`\n'.includes(line[i + 1])) cur += line[++i];
      else cur += ch;
      continue;
    }
    if (ch === "'" || ch === '"') {
      quote = ch;
      inWord = true;
    } else if (ch === '\\') {
      if (i + 1 < line.length) {
        const next = line[++i];
        if (next !== '\n') cur += next;
      }
      inWord = true;
    } else if (/\s/.test(ch)) {
      if (inWord) argv.push(cur);
      cur = '';
      inWord = false;
    } else {
      cur += ch;
      inWord = true;
    }
  }
  if (quote) return { ok: false, error: `the ${quote === '"' ? 'double' : 'single'} quote is never closed` };
  if (inWord) argv.push(cur);
  return { ok: true, argv };
}

/**
 * The inverse of splitCommandLine: words a POSIX shell (and splitCommandLine) splits back into
 * exactly this argv, each quoted only when it needs it, for showing a command a user may re-run.
 */
export function joinCommandLine(argv: readonly string[]): string {
  return argv.map((a) => (/^[A-Za-z0-9_./:=@%+-]+$/.test(a) ? a : `'${a.replace(/'/g, `'\\''`)}'`)).join(' ');
}

/** Lines of a textarea, one argument each; a trailing empty line is ignored, inner empty lines are real "" args. */
export function linesToArgs(text: string): string[] {
  const lines = text.split(/\r?\n/);
  while (lines.length && lines[lines.length - 1] === '') lines.pop();
  return lines;
}

/** `K=V` per line; blank lines and `#` comments skipped. Reports the first bad line. */
export function parseEnvLines(text: string): { ok: true; env: Record<string, string> } | { ok: false; error: string } {
  const env: Record<string, string> = {};
  const lines = text.split(/\r?\n/);
  for (let i = 0; i < lines.length; i++) {
    const line = lines[i];
    if (line.trim() === '' || line.trimStart().startsWith('#')) continue;
    const eq = line.indexOf('=');
    const key = eq > 0 ? line.slice(0, eq).trim() : '';
    if (!key || !/^[A-Za-z_][A-Za-z0-9_]*$/.test(key)) {
      return { ok: false, error: `environment line ${i + 1} should look like NAME=value` };
    }
    env[key] = line.slice(eq + 1);
  }
  return { ok: true, env };
}
