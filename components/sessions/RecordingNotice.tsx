'use client';
/**
 * What did not reach the store (a recording failure and its missing seq ranges) and how far this
 * page is behind a live session, in plain words. Renders nothing when all is well.
 */
import type { SessionSummary } from '@/lib/session/types';
import { describeBehind, describeRecording } from '@/lib/session/recording-text';

export function RecordingNotice({ summary, behind: behindBy, compact = false }: { summary: SessionSummary; behind?: number; compact?: boolean }) {
  const recording = describeRecording(summary.recording);
  const behind = describeBehind(behindBy);
  if (!recording && !behind) return null;
  const failed = summary.recording?.state === 'failed';
  const box = compact ? 'mt-1 text-[11px] leading-snug' : 'border-b border-line px-3 py-1 text-[12px]';
  return (
    <div className={box} data-testid="recording-notice">
      {recording ? (
        <div role={failed ? 'alert' : 'status'} className={failed ? 'text-err' : 'text-warn'}>
          {recording}
        </div>
      ) : null}
      {behind ? <div role="status" className="text-muted">{behind}</div> : null}
    </div>
  );
}
