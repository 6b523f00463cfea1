/**
 * Where a local collection or environment came from on a team server: the team's name for it,
 * the version it was last pulled at or pushed as, and a hash of what it held then, so "changed
 * here since" is a comparison, not a clock. One row per local thing and one per team thing on a
 * team URL (linking a second local copy to the same team name moves the link). Deleting the local
 * collection or environment deletes its row (triggers in migration 9).
 */
import type { SharedKind } from '../../lib/team/sync';
import type { Db } from './db';
import { isoNow } from './errors';

export interface TeamCopyRecord {
  kind: SharedKind;
  localId: string;
  teamUrl: string;
  teamName: string;
  version: number;
  syncedHash: string;
  syncedAt: string;
}

interface Row {
  kind: SharedKind;
  local_id: string;
  team_url: string;
  team_name: string;
  version: number;
  synced_hash: string;
  synced_at: string;
}

const toRecord = (r: Row): TeamCopyRecord => ({
  kind: r.kind,
  localId: r.local_id,
  teamUrl: r.team_url,
  teamName: r.team_name,
  version: r.version,
  syncedHash: r.synced_hash,
  syncedAt: r.synced_at,
});

export class TeamCopiesRepo {
  constructor(private readonly db: Db) {}

  get(kind: SharedKind, localId: string): TeamCopyRecord | undefined {
    const r = this.db.prepare('SELECT * FROM team_copies WHERE kind = ? AND local_id = ?').get(kind, localId) as Row | undefined;
    return r && toRecord(r);
  }

  byTeamName(kind: SharedKind, teamUrl: string, teamName: string): TeamCopyRecord | undefined {
    const r = this.db.prepare('SELECT * FROM team_copies WHERE kind = ? AND team_url = ? AND team_name = ?').get(kind, teamUrl, teamName) as Row | undefined;
    return r && toRecord(r);
  }

  list(kind: SharedKind, teamUrl: string): TeamCopyRecord[] {
    return (this.db.prepare('SELECT * FROM team_copies WHERE kind = ? AND team_url = ? ORDER BY team_name').all(kind, teamUrl) as Row[]).map(toRecord);
  }

  /** Records (or moves) the link after a pull or a push. */
  link(c: Omit<TeamCopyRecord, 'syncedAt'>): TeamCopyRecord {
    const at = isoNow();
    this.db.transaction(() => {
      this.db.prepare('DELETE FROM team_copies WHERE kind = ? AND (local_id = ? OR (team_url = ? AND team_name = ?))').run(c.kind, c.localId, c.teamUrl, c.teamName);
      this.db
        .prepare('INSERT INTO team_copies (kind, local_id, team_url, team_name, version, synced_hash, synced_at) VALUES (?, ?, ?, ?, ?, ?, ?)')
        .run(c.kind, c.localId, c.teamUrl, c.teamName, c.version, c.syncedHash, at);
    })();
    return { ...c, syncedAt: at };
  }

  /** Runs `fn` in one transaction: a pull that fails half-way leaves the local copy as it was. */
  atomically<T>(fn: () => T): T {
    return this.db.transaction(fn)();
  }
}
