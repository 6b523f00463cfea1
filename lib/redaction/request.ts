/**
 * A user's redaction choice as it arrives from a query string or a JSON body:
 *   redact = "all" (the default) | "none" | a list of kinds ("credential-header,token-like")
 *   paths  = JSON paths to redact as well (a list, or one per line)
 * Anything unknown is refused with a message naming it.
 */
import { MAX_JSON_PATHS, parseJsonPaths, type JsonPath } from './json-path';
import { REDACTION_KINDS, type RedactionKind } from './rules';

export interface RedactionRequest {
  /** False only for an explicit "none": the export is then the recorded session as it is. */
  enabled: boolean;
  kinds: RedactionKind[];
  jsonPaths: JsonPath[];
}

export type RequestParse = { ok: true; value: RedactionRequest } | { ok: false; error: string };

function asList(v: unknown, what: string, split: RegExp): string[] | string {
  if (v === undefined || v === null || v === '') return [];
  if (typeof v === 'string') return v.split(split).map((s) => s.trim()).filter(Boolean);
  if (Array.isArray(v) && v.every((x) => typeof x === 'string')) return (v as string[]).map((s) => s.trim()).filter(Boolean);
  return `${what} must be text or a list of text`;
}

export function parseRedactionRequest(input: { redact?: unknown; paths?: unknown }): RequestParse {
  const kindsIn = asList(input.redact, 'redact', /,/);
  if (typeof kindsIn === 'string') return { ok: false, error: kindsIn };
  const pathsIn = asList(input.paths, 'paths', /\r?\n/);
  if (typeof pathsIn === 'string') return { ok: false, error: pathsIn };
  if (pathsIn.length > MAX_JSON_PATHS) return { ok: false, error: `paths: at most ${MAX_JSON_PATHS} JSON paths` };
  const parsed = parseJsonPaths(pathsIn);
  if (!parsed.ok) return { ok: false, error: `paths: ${parsed.error}` };

  const lower = kindsIn.map((k) => k.toLowerCase());
  if (lower.includes('none')) {
    if (lower.length > 1 || pathsIn.length) return { ok: false, error: 'redact=none cannot be combined with other kinds or paths' };
    return { ok: true, value: { enabled: false, kinds: [], jsonPaths: [] } };
  }
  let kinds: RedactionKind[];
  if (lower.length === 0 || lower.includes('all') || lower.includes('default')) kinds = [...REDACTION_KINDS];
  else {
    const unknown = lower.filter((k) => !(REDACTION_KINDS as readonly string[]).includes(k));
    if (unknown.length) {
      return {
        ok: false,
        error: `redact: unknown kind "${unknown[0].slice(0, 60)}" (use all, none, or some of ${REDACTION_KINDS.join(', ')})`,
      };
    }
    kinds = REDACTION_KINDS.filter((k) => lower.includes(k));
  }
  // Paths given means the user wants them applied, even when the kind list left json-path out.
  if (parsed.paths.length && !kinds.includes('json-path')) kinds.push('json-path');
  return { ok: true, value: { enabled: true, kinds, jsonPaths: parsed.paths } };
}
