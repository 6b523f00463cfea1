/**
 * Session files in and out of the store. An import is one transaction: the session and all its
 * events appear together or not at all. The imported session is closed and flagged `imported`,
 * so nothing ever connects to (or spawns) the target it carries. A probe report the file carries
 * is kept with the imported session (session_probes), so its report panel shows; it travels out
 * again with the session on export.
 */
import { buildSessionFile, type BuildOptions } from '../../lib/session/file-format';
import type { SessionFileV1, SessionSummary } from '../../lib/session/types';
import type { Db } from './db';
import type { EventsRepo } from './events';
import type { SessionsRepo } from './sessions';
import type { SessionProbesRepo } from './session-probes';

const IMPORT_BATCH = 5000;

export function importSessionFile(
  db: Db,
  sessions: SessionsRepo,
  events: EventsRepo,
  file: SessionFileV1,
  opts: { name?: string } = {},
  probes?: SessionProbesRepo,
): SessionSummary {
  return db.transaction(() => {
    const s = sessions.create({
      name: opts.name ?? file.name ?? `imported ${file.target.kind} session`,
      target: file.target,
      status: 'closed',
      startedAt: file.startedAt,
      imported: true,
    });
    for (let i = 0; i < file.events.length; i += IMPORT_BATCH) {
      events.appendMany(s.id, file.events.slice(i, i + IMPORT_BATCH));
    }
    // The report names its session: now this one (the file's id was the exporter's).
    if (file.probe && probes) probes.put(s.id, { ...file.probe, sessionId: s.id });
    const last = file.events.at(-1);
    const end = last ? new Date(last.time) : new Date(file.startedAt);
    return sessions.setStatus(s.id, 'closed', {
      endedAt: Number.isNaN(end.getTime()) ? file.startedAt : end.toISOString(),
    });
  })();
}

/** The whole recorded session as a session file (apply redaction to the events first if sharing). */
export function exportSessionFile(
  sessions: SessionsRepo,
  events: EventsRepo,
  id: string,
  opts: BuildOptions = {},
  probes?: SessionProbesRepo,
): SessionFileV1 {
  const s = sessions.require(id);
  const probe = opts.probe ?? probes?.get(id) ?? undefined;
  return buildSessionFile(s, [...events.iterateEvents(id)], { ...opts, ...(probe ? { probe } : {}) });
}
