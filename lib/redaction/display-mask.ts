/**
 * Masking for display: the app shows a session's entries with the secret values that session
 * sent replaced by the mask, while the recording keeps the exact bytes. The values come from the
 * session's own list (server/session/secrets.ts: the secret variables substituted into what it
 * sent); every spelling a value can take on the wire is masked (see literals.ts), in every string
 * of the entry — raw text, its bytes, headers, URL, error text, notes. The masked copy says which
 * variables it hides (`masked`), so the inspector can offer to reveal them.
 */
import type { EventPatch } from '../session/patch';
import type { TrafficEvent } from '../session/types';
import { SECRET_MASK } from '../variables/mask';
import { MIN_CHARS } from './collect';
import { LiteralSet } from './literals';
import { base64Decode, bytesToLatin1, latin1ToBytes } from './wire';
import { base64Encode } from '../framing/base64';

/** A secret value that went out in a session, with the variable it came from. */
export interface SentSecret {
  name: string;
  value: string;
}

/** The most secret values one session keeps (a send adds the secret variables it used). */
export const MAX_SENT_SECRETS = 256;

export class SecretMask {
  private readonly literals = new LiteralSet(SECRET_MASK);

  constructor(secrets: readonly SentSecret[]) {
    for (const s of secrets) this.literals.add(s.value, 'secret-variable', s.name, MIN_CHARS.variable);
  }

  get empty(): boolean {
    return this.literals.size === 0;
  }

  /** A copy of the event with every known secret masked (the same object when none occurs). */
  event(ev: TrafficEvent): TrafficEvent {
    if (this.empty) return ev;
    const names = new Set<string>();
    const out = this.deep(ev, names, 0) as TrafficEvent;
    if (ev.rawBase64 !== undefined) {
      const bytes = base64Decode(ev.rawBase64);
      if (bytes) {
        const before = bytesToLatin1(bytes);
        const after = this.literals.replace(before, (_k, name) => names.add(name), true);
        if (after !== before) out.rawBase64 = base64Encode(latin1ToBytes(after));
      }
    }
    if (names.size === 0) return ev;
    out.masked = [...names];
    return out;
  }

  /** One text with every known secret masked (the server's search matches what the page would show). */
  text(s: string): string {
    return this.empty ? s : this.literals.replace(s, () => undefined);
  }

  /** A patch with every known secret masked in what it carries (error text, items' errors). */
  patch(p: EventPatch): EventPatch {
    if (this.empty) return p;
    const names = new Set<string>();
    const out = this.deep(p, names, 0) as EventPatch;
    return names.size ? out : p;
  }

  private deep(v: unknown, names: Set<string>, depth: number): unknown {
    if (typeof v === 'string') return this.literals.replace(v, (_k, name) => names.add(name));
    if (depth > 300 || typeof v !== 'object' || v === null) return v;
    if (Array.isArray(v)) return v.map((x) => this.deep(x, names, depth + 1));
    const out: Record<string, unknown> = {};
    for (const [k, x] of Object.entries(v)) out[k] = k === 'rawBase64' ? x : this.deep(x, names, depth + 1);
    return out;
  }
}
