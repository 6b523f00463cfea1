'use client';
/**
 * The result of the last batch sent: each entry next to its reply (matched by id, whatever order),
 * replies that match nothing, and the reply's shape next to what the spec expects.
 */
import { useMemo } from 'react';
import { matchBatch, type BatchMatch, type EntryResult, type ReplyItem } from '@/lib/builder/batch-match';
import { describeError } from '@/lib/errors';
import type { EntryRow } from '@/lib/timeline/row';
import { entryTexts, useTextsVersion } from '@/components/stores/entry-texts';
import { useSessions } from '@/components/stores/sessions';
import type { SentBatchRef } from '@/components/stores/batch';
import { useSessionEvents } from '@/components/builder/session-index';

/** Replies to a batch arrive soon after it; this bounds the work per render on huge sessions. */
const LOOK_AHEAD = 20_000;

const STATUS_STYLE: Record<EntryResult['status'], string> = {
  ok: 'bg-ok/15 text-ok',
  error: 'bg-err-bg text-err',
  missing: 'bg-warn-bg text-warn',
  'no-reply-expected': 'bg-panel-2 text-muted',
};

const STATUS_LABEL: Record<EntryResult['status'], string> = { ok: 'ok', error: 'error', missing: 'missing', 'no-reply-expected': 'no reply expected' };

export function useBatchMatch(sessionId: string, sent: SentBatchRef): { match: BatchMatch; sentEvent?: EntryRow } {
  const { events, version } = useSessionEvents(sessionId);
  const indexBySeq = useSessions((s) => s.sessions[sessionId]?.indexBySeq);
  const textsVersion = useTextsVersion();
  return useMemo(() => {
    void version;
    void textsVersion;
    const at = indexBySeq?.get(sent.seq);
    // Replies are read from their wire text (the page's cache; fetched when it is not there).
    const window = at === undefined ? [] : events.slice(at, at + LOOK_AHEAD).map((e) => ({ ...e, raw: e.dir === 'in' ? entryTexts.get(sessionId, e.seq)?.raw ?? '' : '' }));
    return { match: matchBatch(sent.text, sent.seq, window), sentEvent: at === undefined ? undefined : events[at] };
  }, [events, version, textsVersion, indexBySeq, sessionId, sent.seq, sent.text]);
}

function errorName(reply: ReplyItem): string {
  const e = reply.error;
  if (!e) return '';
  if (e.decoded?.name) return e.decoded.name;
  return describeError({ code: e.code ?? e.codeText, message: e.message }).name;
}

function Where({ reply, sentT }: { reply: ReplyItem; sentT?: number }) {
  const latency = reply.t !== undefined && sentT !== undefined ? reply.t - sentT : undefined;
  return (
    <span className="flex items-center gap-1.5 whitespace-nowrap">
      <button type="button" onClick={() => useSessions.getState().select(reply.seq)} className="font-mono text-accent hover:underline" title="Select in the timeline">
        #{reply.seq}
        {reply.index !== undefined ? `[${reply.index}]` : ''}
      </button>
      {latency !== undefined && <span className="tabular-nums text-faint">{latency < 10 ? latency.toFixed(1) : Math.round(latency)} ms</span>}
    </span>
  );
}

function ReplyCell({ reply }: { reply: ReplyItem }) {
  if (reply.outcome === 'result') return <code className="block truncate font-mono text-fg" title={reply.resultText}>{reply.resultText}</code>;
  if (reply.outcome === 'error')
    return (
      <span className="block truncate" title={reply.text}>
        <span className="font-mono text-err">{reply.error?.codeText}</span> <span className="font-medium">{errorName(reply)}</span>
        {reply.error?.message && reply.error.message !== errorName(reply) && <span className="text-muted"> — {reply.error.message}</span>}
      </span>
    );
  return <code className="block truncate font-mono text-warn" title={reply.text}>malformed: {reply.text}</code>;
}

export function BatchResult({ sessionId, sent }: { sessionId: string; sent: SentBatchRef }) {
  const { match, sentEvent } = useBatchMatch(sessionId, sent);
  const { shape, summary } = match;
  const verdict = shape.conforms === null ? 'waiting' : shape.conforms ? 'conforms' : 'deviates';
  const verdictStyle =
    verdict === 'conforms' ? 'text-ok' : verdict === 'deviates' ? 'text-err' : 'text-warn';

  return (
    <section aria-label="Batch result" data-testid="batch-result" className="flex flex-col gap-2">
      <header className="flex flex-wrap items-center gap-2 text-xs">
        <span className="font-medium uppercase tracking-wide text-muted">Result of</span>
        <button type="button" onClick={() => useSessions.getState().select(sent.seq)} className="font-mono text-accent hover:underline">
          #{sent.seq}
        </button>
        <span data-testid="batch-summary" className="font-medium text-fg">
          {match.summaryText}
        </span>
        {summary.noReply > 0 && <span className="text-muted">· {summary.noReply} no reply expected</span>}
      </header>

      <div data-testid="batch-shape" data-conforms={String(shape.conforms)} className="grid grid-cols-1 gap-px overflow-hidden rounded-md border border-line bg-line text-xs sm:grid-cols-2">
        <div className="bg-bg p-2">
          <div className="mb-0.5 text-[11px] font-medium uppercase tracking-wide text-muted">Spec expects</div>
          <div className="break-words text-fg">{shape.expectedText}</div>
        </div>
        <div className="bg-bg p-2">
          <div className="mb-0.5 flex items-center gap-2 text-[11px] font-medium uppercase tracking-wide text-muted">
            Arrived <span className={`normal-case tracking-normal ${verdictStyle}`}>{verdict === 'conforms' ? '✓ as the spec says' : verdict === 'deviates' ? '✕ differs' : '… nothing yet'}</span>
          </div>
          <div className="break-words text-fg">{shape.arrivedText}</div>
          {shape.note && <div className={`mt-0.5 ${verdictStyle}`}>{shape.note}</div>}
          {match.batchReply && (
            <div className="mt-1">
              <ReplyCell reply={match.batchReply} /> <Where reply={match.batchReply} sentT={sentEvent?.t} />
            </div>
          )}
        </div>
      </div>

      {match.entries.length > 0 && (
        <table className="w-full table-fixed border-collapse text-xs">
          <thead>
            <tr className="text-left text-[11px] uppercase tracking-wide text-muted">
              <th className="w-8 py-1 font-medium">#</th>
              <th className="w-40 py-1 font-medium">Entry</th>
              <th className="w-20 py-1 font-medium">Id</th>
              <th className="w-36 py-1 font-medium">Status</th>
              <th className="py-1 font-medium">Reply</th>
              <th className="w-28 py-1 font-medium">From</th>
            </tr>
          </thead>
          <tbody>
            {match.entries.map((r) => (
              <tr key={r.entry.index} data-testid="batch-result-row" data-status={r.status} className="border-t border-line align-top">
                <td className="py-1 font-mono tabular-nums text-faint">{r.entry.index + 1}</td>
                <td className="truncate py-1 pr-2" title={r.entry.text}>
                  {r.entry.kind === 'invalid' ? <span className="text-muted">invalid: {r.entry.reason}</span> : <span className="font-mono text-fg">{r.entry.method}</span>}
                </td>
                <td className="truncate py-1 pr-2 font-mono text-muted">{r.entry.idText ?? '—'}</td>
                <td className="py-1">
                  <span className={`whitespace-nowrap rounded px-1.5 py-px text-[11px] font-medium ${STATUS_STYLE[r.status]}`}>{STATUS_LABEL[r.status]}</span>
                </td>
                <td className="min-w-0 py-1 pr-2">{r.reply ? <ReplyCell reply={r.reply} /> : <span className="text-faint">—</span>}</td>
                <td className="py-1">{r.reply && <Where reply={r.reply} sentT={sentEvent?.t} />}</td>
              </tr>
            ))}
          </tbody>
        </table>
      )}

      {match.unexpected.length > 0 && (
        <div className="rounded-md border border-warn bg-warn-bg p-2 text-xs" data-testid="batch-unexpected">
          <div className="mb-1 font-medium text-warn">Unexpected replies ({match.unexpected.length})</div>
          <ul className="flex flex-col gap-1">
            {match.unexpected.map((u) => (
              <li key={`${u.reply.seq}:${u.reply.index ?? '-'}`} className="grid grid-cols-[1fr_auto] gap-2">
                <span className="min-w-0">
                  <span className="text-warn">{u.why}: </span>
                  <ReplyCell reply={u.reply} />
                </span>
                <Where reply={u.reply} sentT={sentEvent?.t} />
              </li>
            ))}
          </ul>
        </div>
      )}
    </section>
  );
}
