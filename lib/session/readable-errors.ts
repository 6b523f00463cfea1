/**
 * Validation results in plain words: `events[3].http.headers["x-y"]: header name may use only …`.
 * At most a few problems are listed, so a hostile file cannot produce a hostile error message.
 */
import type { z } from 'zod';

export type Result<T> = { ok: true; value: T } | { ok: false; error: string };

/** `events[3].http.headers["x-y"]` */
export function formatPath(path: readonly PropertyKey[]): string {
  let out = '';
  for (const p of path) {
    if (typeof p === 'number') out += `[${p}]`;
    else if (typeof p === 'string' && /^[A-Za-z_$][\w$]*$/.test(p)) out += out ? `.${p}` : p;
    else out += `[${JSON.stringify(String(p))}]`;
  }
  return out;
}

interface IssueLike {
  path: PropertyKey[];
  message: string;
  code?: string;
  issues?: IssueLike[];
}

const MAX_REPORTED_ISSUES = 5;

export function formatIssues(issues: readonly IssueLike[], prefix: readonly PropertyKey[] = []): string {
  const lines: string[] = [];
  for (const issue of issues.slice(0, MAX_REPORTED_ISSUES)) {
    const path = [...prefix, ...issue.path];
    // A bad record key carries its own issues: report those, they say what is wrong with the key.
    const detail = issue.code === 'invalid_key' && issue.issues?.length ? issue.issues[0].message : issue.message;
    const where = formatPath(path);
    lines.push(where ? `${where}: ${detail}` : detail);
  }
  if (issues.length > MAX_REPORTED_ISSUES) lines.push(`(and ${issues.length - MAX_REPORTED_ISSUES} more problems)`);
  return lines.join('; ');
}

export function parseWith<T>(schema: z.ZodType<T>, input: unknown, prefix: readonly PropertyKey[] = []): Result<T> {
  const r = schema.safeParse(input);
  if (r.success) return { ok: true, value: r.data };
  return { ok: false, error: formatIssues(r.error.issues as IssueLike[], prefix) };
}

