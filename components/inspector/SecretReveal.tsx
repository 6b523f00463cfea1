'use client';
/**
 * The inspector's reveal control for an entry whose secret values are shown masked (the server
 * masks what the session sent, see ARCHITECTURE.md "Secrets"). Revealing asks the server for that
 * one entry in clear; it lasts while the entry stays selected and is never stored.
 */
import { useState } from 'react';
import type { TrafficEvent } from '@/lib/session/types';
import { API } from '@/lib/api/routes';
import { messageOf } from '@/components/api/client';
import { api } from '@/components/stores/sessions';
import { Button } from '@/components/ui/Button';

interface Revealed {
  key: string;
  event: TrafficEvent;
}

/** The entry to show (in clear once revealed) and the bar that offers it; `bar` is null when nothing is masked. */
export function useSecretReveal(sessionId: string, ev: TrafficEvent | undefined): { shown: TrafficEvent | undefined; bar: React.ReactNode } {
  const [revealed, setRevealed] = useState<Revealed | null>(null);
  const [busy, setBusy] = useState(false);
  const [error, setError] = useState<{ key: string; text: string } | null>(null);
  const key = ev ? `${sessionId}:${ev.seq}` : '';
  // Selecting another entry ends the reveal (the workspace keys the inspector by entry; the key
  // check below holds it for any other caller too).
  if (!ev) return { shown: ev, bar: null };
  const open = revealed?.key === key ? revealed.event : null;
  const names = ev.masked ?? [];
  if (names.length === 0) return { shown: ev, bar: null };

  const reveal = async () => {
    setBusy(true);
    try {
      const { event } = await api.call(API.revealEvent, { params: { id: sessionId, seq: String(ev.seq) } });
      setRevealed({ key, event });
      setError(null);
    } catch (err) {
      setError({ key, text: messageOf(err) });
    } finally {
      setBusy(false);
    }
  };

  const bar = (
    <div className="flex flex-wrap items-center gap-2 border-b border-line bg-panel px-3 py-1.5 text-[12px]" data-testid="secret-reveal">
      <span className="min-w-0 flex-1 text-muted">
        {open ? 'Showing secret values in clear: ' : 'Secret values masked: '}
        <span className="font-mono text-fg">{names.map((n) => `{{${n}}}`).join(', ')}</span>
      </span>
      {error?.key === key ? <span className="text-err" role="alert">{error.text}</span> : null}
      {open ? (
        <Button size="xs" onClick={() => setRevealed(null)}>Hide secrets</Button>
      ) : (
        <Button size="xs" onClick={() => void reveal()} disabled={busy} title="Show this entry with its secret values in clear (until you select another entry)">
          Reveal secrets
        </Button>
      )}
    </div>
  );
  return { shown: open ?? ev, bar };
}
