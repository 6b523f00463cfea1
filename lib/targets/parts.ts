/**
 * Pieces several target kinds share: schema members (headers, framing, URLs) and form helpers
 * (header rows), so each kind file says only what is its own.
 */
import { z } from 'zod';
import { LIMITS, boundedRecord, headerName, headerValue } from '../session/schema-blocks';
import { FRAMINGS } from '../framing/registry';
import type { Framing } from '../session/types';
import type { HeaderRow } from './kind';

export const targetHeaders = boundedRecord('headers', LIMITS.targetHeaders, headerName, headerValue);

// From the framing registry, so a new framing is accepted everywhere at once.
export const framingSchema = z.enum(FRAMINGS as [Framing, ...Framing[]], { message: `framing must be ${FRAMINGS.join(', ')}` });

/** How the CLI's usage lines spell the framing choice. */
export const FRAMING_USAGE = `--framing ${FRAMINGS.join('|')}`;

/** The scheme a URL starts with, lower-cased (`HTTPS://x` → `https`), or undefined when it has none. */
export function schemeOf(url: string): string | undefined {
  return /^([a-z][a-z0-9+.-]*):/i.exec(url)?.[1].toLowerCase();
}

/** Whether `url` is written with one of `schemes` followed by `//`, as the CLI asks before the schema checks the rest. */
export function hasScheme(url: string | undefined, schemes: readonly string[]): url is string {
  const scheme = url === undefined ? undefined : schemeOf(url);
  return scheme !== undefined && schemes.includes(scheme) && url!.slice(scheme.length + 1).startsWith('//');
}

/** A URL member that takes only these schemes (the kind's own `urlSchemes`). */
export const urlWith = (schemes: readonly string[]) =>
  z
    .string()
    .max(LIMITS.urlChars)
    .pipe(z.url({ protocol: new RegExp(`^(?:${schemes.join('|')})$`), message: `must be a ${schemes.map((s) => `${s}://`).join(' or ')} URL` }));

/** The form's header rows as a record; blank rows are skipped, a value without a name is an error. */
export function headersOf(rows: readonly HeaderRow[]): { ok: true; headers?: Record<string, string> } | { ok: false; error: string } {
  const out: Record<string, string> = {};
  for (const r of rows) {
    const name = r.name.trim();
    if (!name && !r.value) continue;
    if (!name) return { ok: false, error: 'a header has a value but no name' };
    out[name] = r.value;
  }
  return Object.keys(out).length ? { ok: true, headers: out } : { ok: true };
}

/** The CLI's framing, or the usage error that names the flag which needs it. */
export function needFraming(flag: string, framing: Framing | undefined): { ok: true; framing: Framing } | { ok: false; error: string } {
  return framing ? { ok: true, framing } : { ok: false, error: `${flag} needs --framing ${FRAMINGS.join('|')}` };
}
