/**
 * The tap's own diagnostics: never on stdout (that is the client's channel), always appended to
 * DATA_DIR/tap.log (owner only, like the rest of the directory), on stderr only with --verbose.
 * Writing the log never fails the conversation; the file is capped and started afresh past it.
 */
import { appendFileSync, statSync, truncateSync } from 'node:fs';
import { join } from 'node:path';

export const TAP_LOG_FILE = 'tap.log';
const MAX_LOG_BYTES = 4 * 1024 * 1024;

export type TapLog = (line: string) => void;

export function openTapLog(dataDir: string, verbose: boolean, stderr: NodeJS.WritableStream): TapLog {
  const file = join(dataDir, TAP_LOG_FILE);
  try {
    if (statSync(file).size > MAX_LOG_BYTES) truncateSync(file, 0);
  } catch {
    // No log yet.
  }
  return (line) => {
    const text = `${new Date().toISOString()} [${process.pid}] ${line}\n`;
    try {
      appendFileSync(file, text, { mode: 0o600 });
    } catch {
      // A full disk must not touch the conversation.
    }
    if (verbose) stderr.write(`rpcscope tap: ${line}\n`);
  };
}
