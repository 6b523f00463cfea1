'use client';
/**
 * Batch editor: an ordered list of entries sent as one JSON array, with the exact text previewed
 * and the last batch's result matched entry by entry.
 */
import { useMemo } from 'react';
import { composeBatchEntries, duplicateIds } from '@/lib/builder/batch-compose';
import { useBatch, blankEntry } from '@/components/stores/batch';
import { useIdCounters } from '@/components/stores/builder-ids';
import { useSessions } from '@/components/stores/sessions';
import { Preview } from '@/components/builder/Preview';
import { SendStatusLine } from '@/components/builder/SendStatusLine';
import { useNextAutoId } from '@/components/builder/session-index';
import { Button, ShortcutHint, modKey, Note } from '@/components/builder/ui';
import { useSendStatus } from '@/components/builder/useSendStatus';
import { BatchResult } from './BatchResult';
import { EntryRow } from './EntryRow';

export function BatchEditor({ sessionId }: { sessionId: string | null }) {
  const entries = useBatch((s) => s.entries);
  const loadedFrom = useBatch((s) => s.loadedFrom);
  const lastSent = useBatch((s) => (sessionId ? s.lastSent[sessionId] : undefined));
  const summary = useSessions((s) => (sessionId ? s.sessions[sessionId]?.summary : undefined));
  const counter = useIdCounters((s) => (sessionId ? s.counters[sessionId] : undefined));
  const firstId = useNextAutoId(sessionId, counter);
  const { status, event, send } = useSendStatus(sessionId);

  const composed = useMemo(() => composeBatchEntries(entries, firstId), [entries, firstId]);
  const dups = useMemo(() => duplicateIds(composed), [composed]);
  const live = summary?.status === 'open' || summary?.status === 'connecting';
  const blocked = !sessionId ? 'Connect to a target first' : !live ? `Session is ${summary?.status ?? 'not available'}: open a new one to send` : null;
  const canSend = !blocked && composed.text !== undefined && status.state !== 'sending';

  const doSend = async () => {
    if (!canSend || !sessionId || composed.text === undefined) return;
    const text = composed.text;
    const seq = await send(text);
    if (seq === null) return;
    useIdCounters.getState().consume(sessionId, firstId, composed.autoIdsUsed);
    useBatch.getState().markSent(sessionId, { seq, text });
  };

  const { add, setEntries } = useBatch.getState();
  const mod = modKey();
  const notificationsOnly = () =>
    setEntries([
      { ...blankEntry('notification'), method: 'notify_a' },
      { ...blankEntry('notification'), method: 'notify_b' },
    ]);

  return (
    <div className="flex h-full min-h-0 flex-col gap-2 overflow-auto p-3" data-testid="batch-editor">
      <div className="flex flex-wrap items-center gap-1.5">
        <Button onClick={() => add('request')}>+ Request</Button>
        <Button onClick={() => add('notification')}>+ Notification</Button>
        <Button onClick={() => add('raw')} title="Any JSON value, for invalid-entry tests">
          + Raw value
        </Button>
        <span className="mx-1 h-4 w-px bg-line" />
        <span className="text-[11px] text-muted">Spec edge cases:</span>
        <Button variant="ghost" onClick={() => setEntries([])} title="[] — the spec expects one Invalid Request object back, not an array">
          Empty batch
        </Button>
        <Button variant="ghost" onClick={notificationsOnly} title="The spec expects nothing at all back">
          All notifications
        </Button>
        <Button variant="primary" className="ml-auto" onClick={doSend} disabled={!canSend} title={blocked ?? (composed.text === undefined ? 'Fix the entries marked in red' : `Send (${mod}+Enter)`)} data-testid="batch-send">
          Send batch ({entries.length}) <ShortcutHint>{mod}↵</ShortcutHint>
        </Button>
      </div>

      {loadedFrom !== null && <p className="text-xs text-accent">Loaded from batch #{loadedFrom}: ids kept as they were sent.</p>}

      {entries.length === 0 ? (
        <div className="rounded-md border border-dashed border-line-strong p-4 text-center text-xs text-muted">
          No entries: this sends <span className="font-mono">[]</span>, the empty batch. The spec expects one Invalid Request object back, not an array.
        </div>
      ) : (
        <ol className="flex flex-col gap-1.5" aria-label="Batch entries">
          {entries.map((entry, i) => (
            <EntryRow
              key={entry.key}
              entry={entry}
              index={i}
              count={entries.length}
              composed={composed.entries[i]}
              duplicateId={composed.entries[i]?.idText !== undefined && dups.has(composed.entries[i].idText!)}
              onSubmit={doSend}
            />
          ))}
        </ol>
      )}

      {composed.errorCount > 0 && <Note tone="error">{composed.errorCount === 1 ? '1 entry needs fixing' : `${composed.errorCount} entries need fixing`} before the batch can be sent.</Note>}
      {blocked && <Note tone="info">{blocked}</Note>}
      <Preview text={composed.text} testId="batch-preview" />
      <SendStatusLine status={status} event={event} />
      {sessionId && lastSent && <BatchResult sessionId={sessionId} sent={lastSent} />}
    </div>
  );
}
