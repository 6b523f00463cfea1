'use client';
/**
 * Offers "retry with the other framing" on a stream session whose request gets no answer while the
 * peer's output stays silent or unparseable (lib/framing/other-framing.ts): one click connects the
 * same target again, in a new session, with the other framing.
 */
import { useEffect, useState } from 'react';
import { framingRetry, RETRY_AFTER_MS } from '@/lib/framing/other-framing';
import type { TargetSpec } from '@/lib/session/types';
import { useSessions } from '@/components/stores/sessions';
import { Button } from '@/components/ui/Button';

export function FramingRetry({ sessionId }: { sessionId: string }) {
  const view = useSessions((s) => s.sessions[sessionId]);
  const [now, setNow] = useState(() => Date.now());
  const [error, setError] = useState<string | null>(null);
  // The hint depends on time passing, not only on new events: look again every second while live.
  const live = view?.summary.status === 'open';
  useEffect(() => {
    if (!live) return;
    const t = setInterval(() => setNow(Date.now()), Math.min(1000, RETRY_AFTER_MS));
    return () => clearInterval(t);
  }, [live]);
  if (!view) return null;
  const other = framingRetry(view.summary, view.events, now);
  if (!other) return null;
  const retry = async () => {
    const target = { ...view.summary.target, framing: other } as TargetSpec;
    try {
      await useSessions.getState().connect(target, view.summary.name);
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    }
  };
  return (
    <div role="status" className="flex items-center gap-2 border-b border-warn/40 bg-warn-bg px-3 py-1 text-xs text-warn" data-testid="framing-retry">
      <span>No answer, and nothing readable came back. The peer may expect {other === 'newline' ? 'one message per line' : 'Content-Length headers'}.</span>
      <Button size="xs" onClick={() => void retry()}>Retry with {other} framing</Button>
      {error ? <span className="text-err">{error}</span> : null}
    </div>
  );
}
