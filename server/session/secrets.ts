/**
 * The secret values each session sent, and the mask built from them, for the places that show a
 * session's entries to the page (the bridge, GET events). Kept in the store when there is one
 * (server/store/session-secrets.ts), so a past session stays masked after a restart; masks are
 * cached per session, so a session that sent no secret pays one map lookup per batch.
 */
import { MAX_SENT_SECRETS, SecretMask, type SentSecret } from '../../lib/redaction/display-mask';
import type { VariableLike } from '../../lib/variables';

/** Where the values live between restarts. */
export interface SecretBook {
  list(sessionId: string): SentSecret[];
  add(sessionId: string, secrets: readonly SentSecret[]): void;
}

/** A book for a manager without a store (it lasts as long as the process). */
export class MemorySecretBook implements SecretBook {
  private readonly bySession = new Map<string, SentSecret[]>();

  list(sessionId: string): SentSecret[] {
    return [...(this.bySession.get(sessionId) ?? [])];
  }

  add(sessionId: string, secrets: readonly SentSecret[]): void {
    const list = this.bySession.get(sessionId) ?? [];
    for (const s of secrets) {
      if (list.length >= MAX_SENT_SECRETS) break;
      if (!list.some((x) => x.value === s.value)) list.push({ name: s.name, value: s.value });
    }
    this.bySession.set(sessionId, list);
  }
}

/** The secret variables among `used` (names a substitution replaced), with their values. */
export function sentSecrets(used: readonly string[], vars: readonly VariableLike[]): SentSecret[] {
  return vars.filter((v) => v.secret && v.value !== '' && used.includes(v.name)).map((v) => ({ name: v.name, value: v.value }));
}

export class SessionSecrets {
  private readonly masks = new Map<string, SecretMask>();

  constructor(private readonly book: SecretBook = new MemorySecretBook()) {}

  /** Call before the bytes go out, so their first display is already masked. */
  add(sessionId: string, secrets: readonly SentSecret[]): void {
    if (secrets.length === 0) return;
    this.book.add(sessionId, secrets);
    this.masks.delete(sessionId);
  }

  list(sessionId: string): SentSecret[] {
    return this.book.list(sessionId);
  }

  mask(sessionId: string): SecretMask {
    let m = this.masks.get(sessionId);
    if (!m) {
      m = new SecretMask(this.book.list(sessionId));
      this.masks.set(sessionId, m);
    }
    return m;
  }

  forget(sessionId: string): void {
    this.masks.delete(sessionId);
  }
}
