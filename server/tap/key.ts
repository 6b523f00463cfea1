/**
 * The credential a tap shows a running app: a random key the app writes at start into its data
 * directory (0600 in the 0700 directory, so exactly as protected as the database it guards) and
 * removes when it stops. It admits only the tap endpoint, not the app's API.
 */
import { randomBytes } from 'node:crypto';
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { TAP_KEY_FILE } from '../../lib/session/tap-wire';

export function writeTapKey(dataDir: string): string {
  const key = randomBytes(32).toString('hex');
  const file = join(dataDir, TAP_KEY_FILE);
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, key + '\n', { mode: 0o600 });
  renameSync(tmp, file);
  return key;
}

export function readTapKey(dataDir: string): string | null {
  try {
    const key = readFileSync(join(dataDir, TAP_KEY_FILE), 'utf8').slice(0, 200).trim();
    return /^[0-9a-f]{64}$/.test(key) ? key : null;
  } catch {
    return null;
  }
}

/** Only the key this app wrote goes (a newer app on the directory has its own). */
export function removeTapKey(dataDir: string, key: string): void {
  if (readTapKey(dataDir) !== key) return;
  try {
    unlinkSync(join(dataDir, TAP_KEY_FILE));
  } catch {
    // Already gone: nothing to protect.
  }
}
