'use client';
import { memo } from 'react';
/** The selected entry in full: what it is, how it paired, its decoded error, and four views of it. */
import type { TrafficEvent } from '@/lib/session/types';
import { eventStatus, findingsCount, rowLatency, type SeqLookup } from '@/lib/timeline/status';
import { formatClock, formatLatency, formatSinceStart, idLabel, visibleText } from '@/lib/timeline/format';
import { useSessions } from '@/components/stores/sessions';
import { useFullEntry } from '@/components/stores/entry-texts';
import type { EntryRow } from '@/lib/timeline/row';
import { useUi, type InspectorTab } from '@/components/stores/ui';
import { loadIntoBuilder } from '@/components/stores/builder';
import { ReplyComposer } from '@/components/builder/ReplyComposer';
import { Tabs, type TabItem } from '@/components/ui/Tabs';
import { Button } from '@/components/ui/Button';
import { Kbd } from '@/components/ui/Kbd';
import { EmptyState } from '@/components/ui/EmptyState';
import { IconReply } from '@/components/ui/icons';
import { ErrorCard } from './ErrorCard';
import { FactsView, hasFacts } from './FactsView';
import { FindingsView } from './FindingsView';
import { PrettyView } from './PrettyView';
import { RawView } from './RawView';
import { InterceptNote } from '@/components/intercept/InterceptNote';
import { useSecretReveal } from './SecretReveal';
import { EntryMarks } from '@/components/timeline/EntryMarks';

const DIR_WORDS = { out: '→ sent', in: '← received', meta: '• connection' } as const;
const DIR_COLOR = { out: 'text-out', in: 'text-in', meta: 'text-meta' } as const;
const TONE = { ok: 'text-ok', error: 'text-err', warn: 'text-warn', pending: 'text-pending', muted: 'text-muted' } as const;

/** Requests we sent (or raw text, or batches) can be loaded back into the builder. */
function canResend(ev: TrafficEvent): boolean {
  return ev.dir === 'out' && ['request', 'notification', 'batch', 'invalid', 'parse-error', 'not-jsonrpc'].includes(ev.kind);
}

function awaitsOurReply(ev: TrafficEvent): boolean {
  // DAP's reverse requests (runInTerminal, startDebugging) wait for an answer too.
  return ev.dir === 'in' && (ev.kind === 'request' || ev.dap?.type === 'request') && (ev.state === undefined || ev.state === 'pending' || ev.state === 'timed-out');
}

function Header({ ev, lookup }: { ev: TrafficEvent; lookup: SeqLookup }) {
  const select = useSessions((s) => s.select);
  const status = eventStatus(ev, lookup);
  const latency = rowLatency(ev, lookup);
  const pair = ev.pair !== undefined ? lookup(ev.pair) : undefined;
  const method = ev.method ?? pair?.method;
  return (
    <div className="border-b border-line px-3 py-2">
      <div className="flex flex-wrap items-baseline gap-x-2 gap-y-0.5">
        <span className="font-mono text-[11.5px] text-faint">#{ev.seq}</span>
        <span className={`text-[12px] font-semibold ${DIR_COLOR[ev.dir]}`}>{DIR_WORDS[ev.dir]}</span>
        <span className="font-mono text-[12px] text-muted">{ev.protocol && ev.kind === 'not-jsonrpc' ? ev.protocol.toUpperCase() : ev.kind}</span>
        <span data-testid="inspector-marks"><EntryMarks ev={ev} lookup={lookup} /></span>
        {method !== undefined ? <span className="min-w-0 truncate font-mono text-[13px] font-medium text-fg" title={visibleText(method)}>{visibleText(method)}</span> : null}
        {ev.idText !== undefined || ev.id !== undefined ? (
          <span className="font-mono text-[12px] text-muted">id <span className="text-fg">{visibleText(idLabel(ev.idText, ev.id))}</span></span>
        ) : null}
      </div>
      <div className="mt-1 flex flex-wrap items-center gap-x-3 gap-y-1 text-[12px]">
        {status.label ? <span className={TONE[status.tone]} data-testid="inspector-status">{status.label}</span> : null}
        {latency !== undefined ? <span className="text-muted tabular-nums" data-testid="inspector-latency">{formatLatency(latency)}</span> : null}
        <span className="text-faint tabular-nums" title={new Date(ev.time).toISOString()}>{formatClock(ev.time)} · {formatSinceStart(ev.t)}</span>
        {ev.reason ? <span className="text-warn">reason: {ev.reason}</span> : null}
        <span className="ml-auto flex items-center gap-1">
          {ev.pair !== undefined ? (
            <Button size="xs" onClick={() => select(ev.pair!)} title="Jump to the paired entry (p)">
              {ev.kind === 'request' || ev.kind === 'batch' ? 'Response' : 'Request'} #{ev.pair} <Kbd>p</Kbd>
            </Button>
          ) : null}
          {canResend(ev) ? <Button size="xs" onClick={() => loadIntoBuilder(ev)} title="Load this message into the builder to edit and send again">Edit and resend</Button> : null}
        </span>
      </div>
      {ev.note && ev.kind !== 'stderr' ? <div className="mt-1 text-[12px] break-words text-muted">{visibleText(ev.note)}</div> : null}
    </div>
  );
}

/** Memoised: it re-renders when the selected entry (or its pair) changes, not on every new entry. */
export const Inspector = memo(function Inspector({ sessionId, ev: row, lookup }: { sessionId: string; ev: EntryRow | undefined; lookup: SeqLookup }) {
  const tab = useUi((s) => s.inspectorTab);
  const setTab = useUi((s) => s.setInspectorTab);
  // The timeline's rows hold no wire text: the entry is opened in full (fetched by seq when needed).
  const selected = useFullEntry(sessionId, row);
  // Masked secrets (the server masks what the session sent) are shown in clear only on request.
  const { shown: ev, bar: secretBar } = useSecretReveal(sessionId, selected);
  // In a tapped conversation the real client answers the server's requests: no reply form there.
  const tap = useSessions((s) => s.sessions[sessionId]?.summary.target.kind === 'tap');
  if (row && !ev) return <EmptyState title={`Opening entry #${row.seq}…`}>Its wire text is on its way from the server.</EmptyState>;
  if (!ev) {
    return (
      <EmptyState title="Nothing selected">
        Click an entry in the timeline to inspect it: its JSON, the exact wire text, rule findings and transport facts.
        <div className="mt-2 flex items-center justify-center gap-1.5"><Kbd>j</Kbd><Kbd>k</Kbd> move · <Kbd>p</Kbd> jump to the pair · <Kbd>?</Kbd> all keys</div>
      </EmptyState>
    );
  }
  const findings = findingsCount(ev);
  const answer = ev.pair !== undefined ? lookup(ev.pair) : undefined;
  // A request answered with an error shows the decoded error too, not only its response.
  const error = ev.error ?? (ev.kind === 'request' ? answer?.error : undefined);
  const items: TabItem<InspectorTab>[] = [
    { id: 'pretty', label: 'Pretty' },
    { id: 'raw', label: 'Raw' },
    { id: 'findings', label: 'Findings', badge: findings || undefined },
    { id: 'facts', label: ev.http ? 'HTTP' : 'Transport', disabled: !hasFacts(ev) },
  ];
  const current: InspectorTab = tab === 'facts' && !hasFacts(ev) ? 'pretty' : tab;

  return (
    <div className="flex h-full min-h-0 flex-col" data-testid="inspector" data-seq={ev.seq}>
      <Header ev={ev} lookup={lookup} />
      {secretBar}
      <InterceptNote ev={ev} />
      {awaitsOurReply(ev) && !tap ? (
        <details open className="border-b border-line bg-panel px-3 py-2">
          <summary className="flex cursor-pointer items-center gap-1.5 text-[12.5px] font-medium text-fg">
            <IconReply size={13} /> Reply — the target is waiting for an answer
          </summary>
          <div className="mt-2">
            <ReplyComposer sessionId={sessionId} request={ev} />
          </div>
        </details>
      ) : null}
      <Tabs label="Inspector views" items={items} value={current} onChange={setTab} className="h-8 shrink-0 border-b border-line px-1.5" />
      <div className="min-h-0 flex-1 overflow-auto px-3 py-2">
        {error && current !== 'raw' ? <div className="mb-3"><ErrorCard error={error} /></div> : null}
        {current === 'pretty' ? <PrettyView ev={ev} lookup={lookup} /> : null}
        {current === 'raw' ? <RawView ev={ev} /> : null}
        {current === 'findings' ? <FindingsView ev={ev} /> : null}
        {current === 'facts' ? <FactsView ev={ev} /> : null}
      </div>
    </div>
  );
});
