'use client';
/**
 * Plots of the shown entries: messages per second in and out, latency p50/p95/p99 over time,
 * and one method's latency histogram. Dragging across a time chart puts a `time:` term in the
 * filter, so the timeline, the diagram and these plots all narrow to that range.
 */
import { useLayoutEffect, useMemo, useRef, useState } from 'react';
import type { SessionView } from '@/components/stores/types';
import { filterOf, useTimeline } from '@/components/stores/timeline';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { parseQuery, setQueryTerm } from '@/lib/timeline/query';
import type { SeqLookup } from '@/lib/timeline/status';
import { formatLatency, formatSinceStart } from '@/lib/timeline/format';
import { bucketsOver, histogram, latencySamples, methodsBySamples, percentilesOverTime, ratesOverTime, timeRangeTerm } from '@/lib/views/plots';
import { BarChart, TimeChart } from './charts';

const ALL = '';

export function PlotsView({ sessionId, view, indexes, lookup }: { sessionId: string; view: SessionView; indexes: number[]; lookup: SeqLookup }) {
  const ref = useRef<HTMLDivElement>(null);
  const [width, setWidth] = useState(600);
  const [method, setMethod] = useState(ALL);
  const query = useTimeline((s) => filterOf(s, sessionId).query);
  const setFilter = useTimeline((s) => s.setFilter);
  const events = view.events;
  const version = view.version;

  useLayoutEffect(() => {
    const el = ref.current;
    if (!el) return;
    setWidth(el.clientWidth - 24);
    const ro = new ResizeObserver(() => setWidth(el.clientWidth - 24));
    ro.observe(el);
    return () => ro.disconnect();
  }, []);

  const data = useMemo(() => {
    void version; // events are mutated in place; the version says they changed
    const first = indexes.length ? events[indexes[0]].t : 0;
    const last = indexes.length ? events[indexes[indexes.length - 1]].t : 1;
    const b = bucketsOver(first, last, Math.max(10, Math.min(120, Math.floor(width / 8))));
    const samples = latencySamples(events, indexes, lookup);
    return { first, last, samples, rates: ratesOverTime(events, indexes, b), pct: percentilesOverTime(samples, b), methods: methodsBySamples(samples) };
  }, [events, indexes, lookup, width, version]);

  const chosen = data.methods.some((m) => m.method === method) ? method : ALL;
  const bins = useMemo(() => histogram(data.samples.filter((s) => chosen === ALL || s.method === chosen).map((s) => s.ms)), [data.samples, chosen]);
  const range = parseQuery(query, {}, []).terms.find((t) => t.key === 'time');
  const brush = (a: number, b: number) => setFilter(sessionId, { query: setQueryTerm(query, 'time', timeRangeTerm(a, b)) });
  const times = data.rates.map((p) => p.t);

  return (
    <div ref={ref} className="min-h-0 flex-1 space-y-4 overflow-auto p-3" data-testid="plots-view">
      <div className="flex items-center gap-2 text-[12px] text-muted">
        <span data-testid="plots-summary">
          {indexes.length.toLocaleString('en-US')} entries, {data.samples.length.toLocaleString('en-US')} answered calls, {formatSinceStart(data.first)} – {formatSinceStart(data.last)}
        </span>
        {range ? (
          <Button size="xs" variant="link" onClick={() => setFilter(sessionId, { query: setQueryTerm(query, 'time', null) })}>Clear the time range</Button>
        ) : null}
      </div>
      {indexes.length === 0 ? <p className="text-[12.5px] text-muted">No entries to plot{events.length ? ' (the filter hides them all)' : ''}.</p> : (
        <>
          <TimeChart label="Messages per second" width={width} t0={data.first} t1={data.last} times={times} unit="per-s" onBrush={brush}
            series={[{ name: 'out (sent)', className: 'stroke-out', values: data.rates.map((p) => p.out) }, { name: 'in (received)', className: 'stroke-in', values: data.rates.map((p) => p.in) }]} />
          <TimeChart label="Latency over time" width={width} t0={data.first} t1={data.last} times={times} unit="ms" onBrush={brush}
            series={[
              { name: 'p50', className: 'stroke-ok', values: data.pct.map((p) => p.p50) },
              { name: 'p95', className: 'stroke-warn', values: data.pct.map((p) => p.p95) },
              { name: 'p99', className: 'stroke-err', values: data.pct.map((p) => p.p99) },
            ]} />
          <figure aria-label="Latency histogram">
            <figcaption className="mb-1 flex items-center gap-2 text-[11.5px] font-medium text-muted">
              Latency histogram
              <Select size="xs" aria-label="Method of the histogram" value={chosen} onChange={(e) => setMethod(e.target.value)}>
                <option value={ALL}>every method ({data.samples.length})</option>
                {data.methods.map((m) => <option key={m.method} value={m.method}>{m.method} ({m.count})</option>)}
              </Select>
            </figcaption>
            <BarChart label="Latency histogram" width={width} bars={bins.map((b) => ({ label: formatLatency(b.from), value: b.count, title: `${formatLatency(b.from)} – ${formatLatency(b.to)}: ${b.count}` }))} />
          </figure>
        </>
      )}
    </div>
  );
}
