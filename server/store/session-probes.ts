/**
 * The probe report of a session that "Probe this target" drove, kept beside its events (one row a
 * session; a trigger removes it with the session). Stored as the report's own JSON
 * (`format: "rpcscope-probe"`), the same text `rpcscope probe --json` writes.
 */
import type { Db } from './db';
import type { ProbeReport } from '../../lib/probe/types';
import { PROBE_LIMITS } from '../../lib/probe/schema';

/** A report is a few hundred short lines; anything far larger is not one of ours (the session file's limit too). */
export const MAX_PROBE_REPORT_BYTES = PROBE_LIMITS.reportChars;

export class SessionProbesRepo {
  constructor(private readonly db: Db) {}

  get(sessionId: string): ProbeReport | null {
    const row = this.db.prepare('SELECT report FROM session_probes WHERE session_id = ?').get(sessionId) as { report: string } | undefined;
    return row ? (JSON.parse(row.report) as ProbeReport) : null;
  }

  put(sessionId: string, report: ProbeReport): void {
    const text = JSON.stringify(report);
    if (text.length > MAX_PROBE_REPORT_BYTES) throw new Error(`the probe report is too large to keep (${text.length} bytes, at most ${MAX_PROBE_REPORT_BYTES})`);
    this.db.prepare('INSERT OR REPLACE INTO session_probes (session_id, report) VALUES (?, ?)').run(sessionId, text);
  }
}
