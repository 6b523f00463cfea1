/**
 * Where the data directory is. Its own module, free of the database, so a process that only
 * needs the folder (the stdio tap's conversation thread: its store lives in the recording
 * thread) does not load better-sqlite3 and the whole store to learn it.
 */
import { join, resolve } from 'node:path';
import { projectRoot } from '../project-root';

export const DATA_DIR_ENV = 'RPCSCOPE_DATA_DIR';

/** `dir` if given, else $RPCSCOPE_DATA_DIR, else `<project>/data`. */
export function resolveDataDir(dir?: string): string {
  const fromEnv = process.env[DATA_DIR_ENV];
  if (dir) return resolve(dir);
  if (fromEnv) return resolve(fromEnv);
  return join(projectRoot(), 'data');
}
