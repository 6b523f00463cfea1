'use client';
/**
 * Compare two sessions: pick them (any recorded, imported or opened-from-history session), and
 * see their messages aligned by direction and method (lib/views/session-diff): missing and
 * extra messages, answers that differ (with the JSON diff), latency that moved by the threshold.
 * A session published elsewhere is compared by importing its session file first.
 */
import { useEffect, useMemo, useState } from 'react';
import { useSessions } from '@/components/stores/sessions';
import { Dialog } from '@/components/ui/Dialog';
import { Field, Select, TextInput } from '@/components/ui/Field';
import { Toggle } from '@/components/ui/Button';
import { messageOf } from '@/components/api/client';
import { formatLatency } from '@/lib/timeline/format';
import { diffSessions, type DiffRow, type SessionDiff, type Step } from '@/lib/views/session-diff';
import { loadEvents } from './load-events';
import { ChangeList } from './ChangeList';

/** Rows listed at most; the counts above cover all of them. */
const MAX_ROWS = 2000;

const OUTCOME_TEXT = { same: '', differs: 'answer differs', 'result-vs-error': 'result vs error', 'answered-vs-not': 'answered vs not' } as const;

function StepCell({ step, sessionId, onOpen }: { step: Step | undefined; sessionId: string; onOpen(sessionId: string, seq: number): void }) {
  if (!step) return <span className="text-faint">—</span>;
  const method = step.key.replace(/^(out|in) /, '');
  return (
    <button type="button" className="min-w-0 truncate text-left hover:underline" onClick={() => onOpen(sessionId, step.ev.seq)} title={`Open #${step.ev.seq} in its session`}>
      <span className="text-faint tabular-nums">#{step.ev.seq}</span> <span className="text-muted">{step.ev.dir === 'out' ? '→' : '←'}</span> {method}
      {step.answer?.kind === 'error' ? <span className="text-err"> · error</span> : null}
    </button>
  );
}

function Row({ row, ids, onOpen }: { row: DiffRow; ids: [string, string]; onOpen(sessionId: string, seq: number): void }) {
  const a = row.kind === 'extra' ? undefined : row.a;
  const b = row.kind === 'missing' ? undefined : row.b;
  const d = row.kind === 'same' ? row.diff : undefined;
  const changed = !!d && (d.outcome !== 'same' || d.params.length > 0);
  const mark = row.kind === 'missing' ? '−' : row.kind === 'extra' ? '+' : changed ? '≠' : d?.latencyChanged ? '~' : '=';
  const tone = row.kind === 'missing' ? 'bg-err-bg' : row.kind === 'extra' ? 'bg-sel' : changed ? 'bg-warn-bg' : '';
  const what = row.kind === 'missing' ? 'missing' : row.kind === 'extra' ? 'extra' : changed ? 'changed' : d?.latencyChanged ? 'latency' : 'same';
  return (
    <li className={`border-b border-line/60 px-2 py-1 text-[12px] ${tone}`} data-diff={what}>
      <div className="grid grid-cols-[1.2rem_1fr_1fr_9rem] items-center gap-2">
        <span className="text-center font-mono font-semibold text-muted">{mark}</span>
        <StepCell step={a} sessionId={ids[0]} onOpen={onOpen} />
        <StepCell step={b} sessionId={ids[1]} onOpen={onOpen} />
        <span className={`truncate text-right tabular-nums ${d?.latencyChanged ? (d.latency && d.latency.b > d.latency.a ? 'text-err' : 'text-ok') : 'text-faint'}`}>
          {d?.latency ? `${formatLatency(d.latency.a)} → ${formatLatency(d.latency.b)}` : row.kind === 'missing' ? 'missing' : row.kind === 'extra' ? 'extra' : ''}
        </span>
      </div>
      {d && changed ? (
        <div className="mt-1 ml-6 space-y-1">
          {d.outcome !== 'same' ? <div><span className="text-[11px] font-medium text-warn">{OUTCOME_TEXT[d.outcome]}</span><ChangeList changes={d.changes} more={d.more} /></div> : null}
          {d.params.length ? <div><span className="text-[11px] font-medium text-warn">params differ</span><ChangeList changes={d.params} more={false} /></div> : null}
        </div>
      ) : null}
    </li>
  );
}

export function SessionDiffDialog({ initial, onClose }: { initial: string; onClose(): void }) {
  const order = useSessions((s) => s.order);
  const sessions = useSessions((s) => s.sessions);
  const setActive = useSessions((s) => s.setActive);
  const select = useSessions((s) => s.select);
  const [ids, setIds] = useState<[string, string]>(() => [order.find((id) => id !== initial) ?? initial, initial]);
  const [threshold, setThreshold] = useState('100');
  const [onlyDiffs, setOnlyDiffs] = useState(true);
  const [state, setState] = useState<{ loading: true } | { loading: false; diff?: SessionDiff; error?: string; cut?: boolean }>({ loading: true });

  const ms = Number(threshold);
  const thresholdMs = Number.isFinite(ms) && ms >= 0 ? ms : 100;
  useEffect(() => {
    let live = true;
    setState({ loading: true });
    Promise.all([loadEvents(ids[0]), loadEvents(ids[1])])
      .then(([a, b]) => { if (live) setState({ loading: false, diff: diffSessions(a, b, { latencyThresholdMs: thresholdMs }), cut: a.cut || b.cut }); })
      .catch((err: unknown) => { if (live) setState({ loading: false, error: messageOf(err) }); });
    return () => { live = false; };
  }, [ids, thresholdMs]);

  const rows = useMemo(() => {
    if (state.loading || !state.diff) return [];
    const all = onlyDiffs ? state.diff.rows.filter((r) => r.kind !== 'same' || r.diff.outcome !== 'same' || r.diff.params.length || r.diff.latencyChanged) : state.diff.rows;
    return all.slice(0, MAX_ROWS);
  }, [state, onlyDiffs]);

  const open = (sessionId: string, seq: number) => {
    setActive(sessionId);
    select(seq);
    onClose();
  };
  const option = (id: string) => {
    const s = sessions[id]?.summary;
    return s ? `${s.name} · ${new Date(s.startedAt).toLocaleString()} · ${s.counts.events} entries${s.imported ? ' · imported' : ''}` : id;
  };
  const pick = (side: 0 | 1) => (
    <Field label={side === 0 ? 'Before' : 'After'}>
      <Select className="w-full" aria-label={side === 0 ? 'Before' : 'After'} value={ids[side]} onChange={(e) => setIds(side === 0 ? [e.target.value, ids[1]] : [ids[0], e.target.value])}>
        {order.map((id) => <option key={id} value={id}>{option(id)}</option>)}
      </Select>
    </Field>
  );
  const c = !state.loading ? state.diff?.counts : undefined;

  return (
    <Dialog title="Compare two sessions" onClose={onClose} width={980} height={720} testId="session-diff">
      <div className="flex h-full min-h-0 flex-col gap-2 p-3">
        <div className="grid grid-cols-[minmax(0,1fr)_minmax(0,1fr)_9rem] items-end gap-3">
          {pick(0)}
          {pick(1)}
          <Field label="Latency threshold (ms)">
            <TextInput aria-label="Latency threshold (ms)" inputMode="decimal" value={threshold} onChange={(e) => setThreshold(e.target.value)} />
          </Field>
        </div>
        <div className="flex items-center gap-3 text-[12px] text-muted" data-testid="diff-summary">
          {state.loading ? 'Reading both sessions…' : state.error ? <span className="text-err">{state.error}</span> : c ? (
            <span>
              {c.same} same · <span className="text-warn">{c.changed} changed</span> · <span className="text-err">{c.missing} missing</span> · <span className="text-accent">{c.extra} extra</span> · {c.slower} slower · {c.faster} faster
              {state.diff?.gaveUp ? ' · too different to align everywhere: the middle is listed as missing and extra' : ''}
              {state.cut || state.diff?.cut ? ' · only the first messages were compared' : ''}
            </span>
          ) : null}
          <span className="flex-1" />
          <Toggle on={onlyDiffs} onChange={setOnlyDiffs} title="Hide messages that are the same on both sides">Only differences</Toggle>
        </div>
        <ol className="min-h-0 flex-1 overflow-auto rounded border border-line" aria-label="Aligned messages">
          {rows.map((r, i) => <Row key={i} row={r} ids={ids} onOpen={open} />)}
          {!state.loading && state.diff && rows.length === 0 ? <li className="p-4 text-center text-[12.5px] text-muted">The two sessions sent and received the same messages with the same answers.</li> : null}
        </ol>
      </div>
    </Dialog>
  );
}
