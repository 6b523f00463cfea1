/**
 * JSONPath-like paths into a response: the singular subset of RFC 9535 (what its "normalized
 * paths" can say) — `$`, `.name`, `['any key']`, `[0]`, `[-1]` — so a path names exactly one
 * value or nothing. Filters and wildcards are left out on purpose: an assertion or a capture
 * must point at one value, and a path that could match many would make "equals" ambiguous.
 */

export type PathStep = string | number;

export const MAX_PATH_CHARS = 1000;

export type ParsedPath = { ok: true; steps: PathStep[] } | { ok: false; error: string };

const NAME = /^[A-Za-z_$][A-Za-z0-9_$-]*/;

export function parsePath(path: string): ParsedPath {
  if (typeof path !== 'string') return { ok: false, error: 'a path must be text' };
  if (path.length > MAX_PATH_CHARS) return { ok: false, error: `a path is at most ${MAX_PATH_CHARS} characters` };
  const text = path.trim();
  if (!text.startsWith('$')) return { ok: false, error: `a path starts with $ (like $.result.items[0].name), got ${JSON.stringify(text.slice(0, 40))}` };
  const steps: PathStep[] = [];
  let i = 1;
  const fail = (what: string): ParsedPath => ({ ok: false, error: `${what} at character ${i + 1} of ${JSON.stringify(text.slice(0, 80))}` });
  while (i < text.length) {
    const c = text[i];
    if (c === '.') {
      const m = NAME.exec(text.slice(i + 1));
      if (!m) return fail('a member name is expected after "."');
      steps.push(m[0]);
      i += 1 + m[0].length;
    } else if (c === '[') {
      const close = text.indexOf(']', i);
      if (close < 0) return fail('"[" is not closed');
      const inner = text.slice(i + 1, close).trim();
      if (/^-?\d+$/.test(inner)) steps.push(Number(inner));
      else if (/^'(?:[^'\\]|\\.)*'$/.test(inner) || /^"(?:[^"\\]|\\.)*"$/.test(inner)) {
        const quoted = inner[0] === "'" ? `"${inner.slice(1, -1).replace(/\\'/g, "'").replace(/"/g, '\\"')}"` : inner;
        try {
          steps.push(JSON.parse(quoted) as string);
        } catch {
          return fail('a bad quoted member name');
        }
      } else return fail('"[…]" holds an index (0, -1) or a quoted name (\'key\')');
      i = close + 1;
    } else return fail(`unexpected ${JSON.stringify(c)}`);
  }
  return { ok: true, steps };
}

export type PathValue = { found: true; value: unknown } | { found: false; missing: string };

/** The value a path names in `doc`, or which step found nothing. */
export function evalPath(doc: unknown, steps: readonly PathStep[]): PathValue {
  let cur: unknown = doc;
  let at = '$';
  for (const step of steps) {
    if (typeof step === 'number') {
      if (!Array.isArray(cur)) return { found: false, missing: `${at} is not a list` };
      const idx = step < 0 ? cur.length + step : step;
      if (idx < 0 || idx >= cur.length) return { found: false, missing: `${at} has no item [${step}] (it has ${cur.length})` };
      cur = cur[idx];
      at += `[${step}]`;
    } else {
      if (typeof cur !== 'object' || cur === null || Array.isArray(cur)) return { found: false, missing: `${at} is not an object` };
      if (!Object.hasOwn(cur, step)) return { found: false, missing: `${at} has no member ${JSON.stringify(step)}` };
      cur = (cur as Record<string, unknown>)[step];
      at += NAME.test(step) && NAME.exec(step)![0] === step ? `.${step}` : `[${JSON.stringify(step)}]`;
    }
  }
  return { found: true, value: cur };
}

/** Parse and evaluate in one go; a bad path is reported like a missing value. */
export function valueAt(doc: unknown, path: string): PathValue {
  const p = parsePath(path);
  return p.ok ? evalPath(doc, p.steps) : { found: false, missing: p.error };
}
