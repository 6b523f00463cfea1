/** `--out FILE`: the session file, written when the conversation ends (the target redacted as for any export). */
import { writeFileSync } from 'node:fs';
import { buildSessionFile, serializeSessionFile } from '../../lib/session/file-format';
import { redactTarget } from '../../lib/session/redact-target';
import type { TapRecording } from './recording';

export function writeOut(out: string | undefined, recording: TapRecording, log: (l: string) => void): void {
  if (!out) return;
  try {
    const summary = { ...recording.summary, target: redactTarget(recording.summary.target) };
    writeFileSync(out, serializeSessionFile(buildSessionFile(summary, recording.events)));
    log(`wrote the session file ${out}`);
  } catch (err) {
    log(`could not write ${out}: ${(err as Error).message}`);
  }
}
