/**
 * The secret values each session sent (the secret variables substituted into its messages and
 * target), kept beside its events. Masking in the app and redaction in exports read them; see
 * ARCHITECTURE.md, "Secrets". No foreign key: a run may register its secrets before the recorder
 * has written the session's row; a trigger removes them with the session.
 */
import type { Db } from './db';
import { MAX_SENT_SECRETS, type SentSecret } from '../../lib/redaction/display-mask';

export class SessionSecretsRepo {
  constructor(private readonly db: Db) {}

  list(sessionId: string): SentSecret[] {
    return this.db.prepare('SELECT name, value FROM session_secrets WHERE session_id = ? ORDER BY rowid').all(sessionId) as SentSecret[];
  }

  /** Adds values not yet kept (a value already kept keeps its first name); at most MAX_SENT_SECRETS per session. */
  add(sessionId: string, secrets: readonly SentSecret[]): void {
    const insert = this.db.prepare('INSERT OR IGNORE INTO session_secrets (session_id, name, value) VALUES (?, ?, ?)');
    const count = this.db.prepare('SELECT COUNT(*) AS n FROM session_secrets WHERE session_id = ?');
    this.db.transaction(() => {
      let n = (count.get(sessionId) as { n: number }).n;
      for (const s of secrets) {
        if (n >= MAX_SENT_SECRETS) break;
        n += insert.run(sessionId, s.name, s.value).changes;
      }
    })();
  }

  /** Every session's values: what no export may carry in clear. */
  all(): SentSecret[] {
    return this.db.prepare('SELECT DISTINCT name, value FROM session_secrets').all() as SentSecret[];
  }
}
