/**
 * Id policies for composed requests. Ids travel as JSON text so that `0`, `""`, integers beyond
 * 2^53 and deliberately invalid ids (`{}`, `1.5`, `true`) reach the wire exactly as chosen.
 */
import { checkJson, compactJson } from './json-text';

export type IdPolicy = 'auto' | 'uuid' | 'custom' | 'none';

export const ID_POLICIES: { value: IdPolicy; label: string; hint: string }[] = [
  { value: 'auto', label: 'Auto', hint: 'next number for this session' },
  { value: 'uuid', label: 'UUID', hint: 'a fresh random UUID string' },
  { value: 'custom', label: 'Custom', hint: 'any JSON value, exactly as typed (0, "", {} …)' },
  { value: 'none', label: 'None', hint: 'no id member: a notification, no reply expected' },
];

export interface IdInputs {
  policy: IdPolicy;
  /** Next auto number for the session. */
  counter: number;
  /** A fresh UUID (the caller supplies it: lib/ has no crypto). */
  uuid: string;
  /** Custom id text as typed. */
  customText: string;
}

export type IdResolution =
  | { ok: true; idText: string | undefined; warning?: string }
  | { ok: false; error: string };

/** The id member's JSON text (undefined = no id member, a notification). */
export function resolveId(inputs: IdInputs): IdResolution {
  switch (inputs.policy) {
    case 'auto':
      return { ok: true, idText: String(inputs.counter) };
    case 'uuid':
      return { ok: true, idText: JSON.stringify(inputs.uuid) };
    case 'none':
      return { ok: true, idText: undefined };
    case 'custom': {
      const text = inputs.customText.trim();
      if (text === '') return { ok: false, error: 'Custom id is empty: type a JSON value such as 0, "" or "abc"' };
      const check = checkJson(text);
      if (!check.ok) return { ok: false, error: `Custom id is not JSON (${check.error}); quote strings, or use Raw mode for broken input` };
      return { ok: true, idText: compactJson(text), warning: idWarning(text, check.value) };
    }
  }
}

/** Why an id would be flagged by the spec (the user may want exactly that; we only say so). */
function idWarning(text: string, value: unknown): string | undefined {
  if (value === null) return 'id null: the spec discourages it on requests (responses use null for "id unknown")';
  if (typeof value === 'number') {
    if (!/^-?\d+$/.test(text.trim())) return 'fractional or exponent id: "Numbers SHOULD NOT contain fractional parts"';
    if (!Number.isSafeInteger(value)) return 'integer beyond 2^53: sent exactly, but many peers will lose precision';
    return undefined;
  }
  if (typeof value === 'string') return undefined;
  return 'not a valid id: "MUST contain a String, Number, or NULL value"';
}

/**
 * Canonical key to compare ids by JSON value: `1` ≠ `"1"`, `1` = `1.0`, `"A"` = `"\u0041"`,
 * integers beyond 2^53 compared exactly. Input is the id's JSON text.
 */
export function idKeyOf(idText: string): string {
  const text = idText.trim();
  if (/^-?\d+$/.test(text)) return 'n:' + BigInt(text).toString();
  const check = checkJson(text);
  if (!check.ok) return 'raw:' + text;
  const v = check.value;
  if (v === null) return 'null';
  if (typeof v === 'number') return 'n:' + (Number.isInteger(v) && Math.abs(v) < 1e21 ? BigInt(v).toString() : String(v));
  if (typeof v === 'string') return 's:' + v;
  return 'x:' + compactJson(text);
}

interface IdCarrier {
  dir: string;
  kind: string;
  id?: string | number | null;
  idText?: string;
  items?: { kind: string; id?: string | number | null; idText?: string }[];
}

function numericIdOf(id: string | number | null | undefined, idText: string | undefined): number | undefined {
  const text = idText ?? (typeof id === 'number' ? String(id) : undefined);
  if (text === undefined || !/^\d+$/.test(text)) return undefined;
  const n = Number(text);
  return Number.isSafeInteger(n) ? n : undefined;
}

/**
 * Next auto id for a session: above every numeric id we already sent (so a reloaded page does not
 * reuse ids still in the recording) and never below the session's own counter.
 */
export function nextAutoId(events: readonly IdCarrier[], counter: number): number {
  let max = 0;
  for (const e of events) {
    if (e.dir !== 'out') continue;
    if (e.kind === 'request') {
      const n = numericIdOf(e.id, e.idText);
      if (n !== undefined && n > max) max = n;
    } else if (e.kind === 'batch' && e.items) {
      for (const it of e.items) {
        if (it.kind !== 'request') continue;
        const n = numericIdOf(it.id, it.idText);
        if (n !== undefined && n > max) max = n;
      }
    }
  }
  return Math.max(counter, max + 1, 1);
}
