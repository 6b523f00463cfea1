/**
 * NDJSON export: one event per line, each exactly as the session file writes it (same key order,
 * same members), so `jq`, `grep` and log tools read a session without loading the whole file.
 * JSON.stringify escapes every line break inside strings, so one event is always one line.
 */
import { buildSessionFile } from '../session/file-format';
import type { SessionFileV1 } from '../session/types';

export function buildNdjson(file: SessionFileV1): string {
  const { events } = buildSessionFile(file, file.events);
  let out = '';
  for (const ev of events) out += JSON.stringify(ev) + '\n';
  return out;
}
