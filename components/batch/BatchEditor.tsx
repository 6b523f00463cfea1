'use client';
/**
 * Batch editor: an ordered list of entries sent as one JSON array, with the exact text previewed
 * and the last batch's result matched entry by entry.
 */
import { useEffect, useMemo, useRef, useState, type ReactNode } from 'react';
import { duplicateIds } from '@/lib/builder/batch-compose';
import { resolveBatch } from '@/lib/builder/batch-variables';
import { describeUnknownVariables } from '@/lib/builder/variables';
import { useActiveVariables } from '@/components/builder/useActiveVariables';
import { useBatch, blankEntry, type SentBatchRef } from '@/components/stores/batch';
import { useIdCounters } from '@/components/stores/builder-ids';
import { startComposerPersistence } from '@/components/stores/builder-persist';
import { useSessions } from '@/components/stores/sessions';
import { Preview } from '@/components/builder/Preview';
import { SendStatusLine } from '@/components/builder/SendStatusLine';
import { useNextAutoId } from '@/components/builder/session-index';
import { useMethodGroups } from '@/components/builder/useMethodGroups';
import { Button, ShortcutHint, modKey, Note } from '@/components/builder/ui';
import { useSendStatus } from '@/components/builder/useSendStatus';
import { SaveToCollection } from '@/components/collections/SaveToCollection';
import { BatchResult, useBatchMatch } from './BatchResult';
import { EntryRow } from './EntryRow';

export function BatchEditor({ sessionId }: { sessionId: string | null }) {
  const entries = useBatch((s) => s.entries);
  const loadedFrom = useBatch((s) => s.loadedFrom);
  const loadedItem = useBatch((s) => s.loadedItem);
  const lastSent = useBatch((s) => (sessionId ? s.lastSent[sessionId] : undefined));
  const summary = useSessions((s) => (sessionId ? s.sessions[sessionId]?.summary : undefined));
  const counter = useIdCounters((s) => (sessionId ? s.counters[sessionId] : undefined));
  const firstId = useNextAutoId(sessionId, counter);
  const { status, event, send } = useSendStatus(sessionId, 'batch');
  useEffect(startComposerPersistence, []);

  const [view, setView] = useState<'entries' | 'result'>('entries');
  const rootRef = useRef<HTMLDivElement>(null);
  // Each view starts at its top (the panel scroll otherwise carries over from the long entry list).
  useEffect(() => {
    rootRef.current?.scrollIntoView({ block: 'start' });
  }, [view]);

  const groups = useMethodGroups(sessionId);
  // `{{variables}}` from the active environment: the preview is filled in (secrets masked), the template is sent.
  const env = useActiveVariables();
  const resolved = useMemo(() => resolveBatch(entries, firstId, env.variables), [entries, firstId, env.variables]);
  const composed = resolved.checked;
  const unknownVars = resolved.unknown.length ? describeUnknownVariables(resolved.unknown, env.name) : null;
  const dups = useMemo(() => duplicateIds(composed), [composed]);
  // Saved with the batch, so a load or run numbers these entries afresh and keeps typed ids.
  const autoIds = useMemo(() => entries.flatMap((e, i) => (e.kind === 'request' && e.idPolicy === 'auto' ? [i] : [])), [entries]);
  const live = summary?.status === 'open' || summary?.status === 'connecting';
  const blocked = !sessionId ? 'Connect to a target first' : !live ? `Session is ${summary?.status ?? 'not available'}: open a new one to send` : null;
  const canSend = !blocked && resolved.template !== undefined && !unknownVars && status.state !== 'sending';

  const doSend = async () => {
    if (!canSend || !sessionId || resolved.template === undefined) return;
    const withVars = resolved.used.length > 0 && env.id !== undefined;
    const text = resolved.template;
    const seq = await send(text, withVars ? env.id : undefined);
    if (seq === null) return;
    useIdCounters.getState().consume(sessionId, firstId, composed.autoIdsUsed);
    useBatch.getState().markSent(sessionId, { seq, text });
    setView('result');
  };

  const { add, setEntries } = useBatch.getState();
  const mod = modKey();
  const notificationsOnly = () =>
    setEntries([
      { ...blankEntry('notification'), method: 'notify_a' },
      { ...blankEntry('notification'), method: 'notify_b' },
    ]);

  const showResult = view === 'result' && sessionId && lastSent;

  return (
    <div ref={rootRef} className="flex min-h-full flex-col" data-testid="batch-editor">
      <div className="sticky top-0 z-10 flex flex-wrap items-center gap-1.5 border-b border-line bg-bg px-3 py-1.5">
        <div role="tablist" aria-label="Batch view" className="mr-1 flex items-center gap-0.5">
          <ViewTab on={view === 'entries'} onClick={() => setView('entries')}>
            Entries <span className="text-faint">{entries.length}</span>
          </ViewTab>
          <ViewTab on={view === 'result'} disabled={!lastSent} onClick={() => setView('result')} testId="batch-result-tab">
            Result {sessionId && lastSent ? <ResultBadge sessionId={sessionId} sent={lastSent} /> : <span className="text-faint">—</span>}
          </ViewTab>
        </div>
        {view === 'entries' && (
          <>
            <span className="mx-0.5 h-4 w-px bg-line" />
            <Button size="xs" onClick={() => add('request')}>+ Request</Button>
            <Button size="xs" onClick={() => add('notification')}>+ Notification</Button>
            <Button size="xs" onClick={() => add('raw')} title="A raw entry: any JSON value, for invalid-entry tests">
              + Raw
            </Button>
            <span className="mx-0.5 h-4 w-px bg-line" />
            <Button size="xs" variant="ghost" onClick={() => setEntries([])} title="Spec edge case: [] gets one Invalid Request object back, not an array">
              Empty batch
            </Button>
            <Button size="xs" variant="ghost" onClick={notificationsOnly} title="Spec edge case: an all-notification batch gets nothing back at all">
              All notifications
            </Button>
          </>
        )}
        <span className="ml-auto flex items-center gap-1.5">
          <SaveToCollection kind="batch" text={resolved.template} defaultName={`batch of ${entries.length}`} sessionId={sessionId} blockedReason="Fix the entries marked in red" autoIds={autoIds} compact />
          <Button variant="primary" size="xs" onClick={doSend} disabled={!canSend} title={blocked ?? unknownVars ?? (resolved.template === undefined ? 'Fix the entries marked in red' : `Send (${mod}+Enter)`)} data-testid="batch-send">
            Send {entries.length === 0 ? '[]' : `batch (${entries.length})`} <ShortcutHint>{mod}↵</ShortcutHint>
          </Button>
        </span>
      </div>

      <div className="flex flex-col gap-2 p-3">
        {showResult ? (
          <>
            <BatchResult sessionId={sessionId} sent={lastSent} />
            <Preview text={lastSent.text} label="Sent" />
          </>
        ) : (
          <>
            {loadedFrom !== null && <p className="text-xs text-accent">Loaded from batch #{loadedFrom}: ids kept as they were sent.</p>}
            {loadedItem !== null && <p className="text-xs text-accent" data-testid="batch-loaded-item">Loaded from “{loadedItem}”: auto ids numbered for this session, typed ids kept.</p>}
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
                    groups={groups}
                  />
                ))}
              </ol>
            )}
            {composed.errorCount > 0 && <Note tone="error">{composed.errorCount === 1 ? '1 entry needs fixing' : `${composed.errorCount} entries need fixing`} before the batch can be sent.</Note>}
            {unknownVars && <Note tone="error" testId="batch-unknown-variables">{unknownVars}</Note>}
            {blocked && <Note tone="info">{blocked}</Note>}
            <Preview text={resolved.preview} testId="batch-preview" />
          </>
        )}
        <SendStatusLine status={status} event={event} />
      </div>
    </div>
  );
}

function ViewTab({ on, disabled, onClick, children, testId }: { on: boolean; disabled?: boolean; onClick: () => void; children: ReactNode; testId?: string }) {
  return (
    <button
      type="button"
      role="tab"
      aria-selected={on}
      disabled={disabled}
      onClick={onClick}
      data-testid={testId}
      className={`flex h-6 items-center gap-1.5 rounded px-2 text-[12px] transition-colors disabled:opacity-40 ${on ? 'bg-sel font-medium text-fg' : 'text-muted hover:bg-hover hover:text-fg'}`}
    >
      {children}
    </button>
  );
}

function ResultBadge({ sessionId, sent }: { sessionId: string; sent: SentBatchRef }) {
  const { match } = useBatchMatch(sessionId, sent);
  const { ok, errors, missing } = match.summary;
  const tone = missing > 0 ? 'text-warn' : errors > 0 || match.shape.conforms === false ? 'text-err' : 'text-ok';
  return (
    <span className={`text-[11px] tabular-nums ${tone}`} title={match.summaryText}>
      {ok} ok · {errors} err · {missing} missing
    </span>
  );
}
