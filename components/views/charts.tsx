'use client';
/**
 * Small SVG charts for the plots view: a time series with a drag-to-select brush, and bars.
 * Colours come from the theme's tokens (text-*, stroke-*, fill-* classes), so light and dark
 * mode read alike; numbers are drawn as text, never as markup.
 */
import { useRef, useState } from 'react';
import { formatLatency, formatSinceStart } from '@/lib/timeline/format';

export const CHART_H = 150;
const PAD = { l: 52, r: 10, t: 10, b: 22 };

export interface Series {
  name: string;
  /** Tailwind class giving the line its colour (stroke-*). */
  className: string;
  values: (number | undefined)[];
}

const niceMax = (v: number) => {
  if (v <= 0) return 1;
  const p = 10 ** Math.floor(Math.log10(v));
  const m = v / p;
  return (m <= 1 ? 1 : m <= 2 ? 2 : m <= 5 ? 5 : 10) * p;
};

/** A line chart over session time; dragging across it calls onBrush with the time range (ms since start). */
export function TimeChart({ label, width, t0, t1, times, series, unit, onBrush }: {
  label: string;
  width: number;
  t0: number;
  t1: number;
  times: number[];
  series: Series[];
  unit: 'ms' | 'per-s';
  onBrush(from: number, to: number): void;
}) {
  const ref = useRef<SVGSVGElement>(null);
  const [drag, setDrag] = useState<{ a: number; b: number } | null>(null);
  const w = Math.max(200, width);
  const plotW = w - PAD.l - PAD.r;
  const plotH = CHART_H - PAD.t - PAD.b;
  const span = Math.max(1, t1 - t0);
  const max = niceMax(Math.max(0, ...series.flatMap((s) => s.values.filter((v): v is number => v !== undefined))));
  const xOf = (t: number) => PAD.l + ((t - t0) / span) * plotW;
  const yOf = (v: number) => PAD.t + plotH - (v / max) * plotH;
  const tOf = (clientX: number) => {
    const r = ref.current!.getBoundingClientRect();
    return t0 + (Math.min(Math.max(clientX - r.left - PAD.l, 0), plotW) / plotW) * span;
  };
  const fmt = (v: number) => (unit === 'ms' ? formatLatency(v) : `${v >= 100 ? Math.round(v) : Number(v.toFixed(1))}/s`);

  return (
    <figure className="min-w-0" aria-label={label}>
      <figcaption className="mb-1 flex items-center gap-3 text-[11.5px] font-medium text-muted">
        {label}
        {series.map((s) => (
          <span key={s.name} className="inline-flex items-center gap-1 font-normal">
            <svg width="14" height="4" aria-hidden><line x1="0" y1="2" x2="14" y2="2" strokeWidth="2" className={s.className} /></svg>{s.name}
          </span>
        ))}
        <span className="font-normal text-faint">drag to filter the timeline to a time range</span>
      </figcaption>
      <svg
        ref={ref}
        width={w}
        height={CHART_H}
        role="img"
        aria-label={`${label}: drag to select a time range`}
        data-testid={`chart-${label}`}
        className="cursor-crosshair touch-none select-none"
        onPointerDown={(e) => {
          (e.target as Element).setPointerCapture?.(e.pointerId);
          const t = tOf(e.clientX);
          setDrag({ a: t, b: t });
        }}
        onPointerMove={(e) => { if (drag) setDrag({ a: drag.a, b: tOf(e.clientX) }); }}
        onPointerUp={() => {
          if (drag && Math.abs(xOf(drag.b) - xOf(drag.a)) >= 3) onBrush(drag.a, drag.b);
          setDrag(null);
        }}
      >
        <rect x={PAD.l} y={PAD.t} width={plotW} height={plotH} className="fill-panel stroke-line" />
        {[0, 0.5, 1].map((f) => (
          <g key={f}>
            <line x1={PAD.l} x2={PAD.l + plotW} y1={yOf(max * f)} y2={yOf(max * f)} className="stroke-line" strokeDasharray={f ? '2 3' : undefined} />
            <text x={PAD.l - 4} y={yOf(max * f) + 3} textAnchor="end" className="fill-faint text-[10px]">{fmt(max * f)}</text>
          </g>
        ))}
        {[0, 0.25, 0.5, 0.75, 1].map((f) => (
          <text key={f} x={PAD.l + f * plotW} y={CHART_H - 6} textAnchor={f === 0 ? 'start' : f === 1 ? 'end' : 'middle'} className="fill-faint text-[10px]">{formatSinceStart(t0 + f * span)}</text>
        ))}
        {series.map((s) => {
          let d = '';
          let pen = false;
          s.values.forEach((v, i) => {
            if (v === undefined) { pen = false; return; }
            d += `${pen ? 'L' : 'M'}${xOf(times[i]).toFixed(1)},${yOf(v).toFixed(1)}`;
            pen = true;
          });
          // Dots as well as the line: a bucket between two empty ones is a point no line would show.
          return (
            <g key={s.name} data-series={s.name}>
              <path d={d} fill="none" strokeWidth={1.6} className={s.className} />
              {s.values.map((v, i) => (v === undefined ? null : <circle key={i} cx={xOf(times[i])} cy={yOf(v)} r={1.8} className={`${s.className} fill-bg`} strokeWidth={1.4} />))}
            </g>
          );
        })}
        {drag ? (
          <rect x={Math.min(xOf(drag.a), xOf(drag.b))} y={PAD.t} width={Math.abs(xOf(drag.b) - xOf(drag.a))} height={plotH} className="fill-accent/20 stroke-accent" data-testid="brush" />
        ) : null}
      </svg>
    </figure>
  );
}

/** Bars with a label under each (the latency histogram). */
export function BarChart({ label, width, bars }: { label: string; width: number; bars: { label: string; value: number; title: string }[] }) {
  const w = Math.max(200, width);
  const plotW = w - PAD.l - PAD.r;
  const plotH = CHART_H - PAD.t - PAD.b;
  const max = niceMax(Math.max(0, ...bars.map((b) => b.value)));
  const bw = bars.length ? plotW / bars.length : plotW;
  return (
    <svg width={w} height={CHART_H} role="img" aria-label={label} data-testid={`chart-${label}`} className="select-none">
      <rect x={PAD.l} y={PAD.t} width={plotW} height={plotH} className="fill-panel stroke-line" />
      <text x={PAD.l - 4} y={PAD.t + 8} textAnchor="end" className="fill-faint text-[10px]">{max}</text>
      <text x={PAD.l - 4} y={PAD.t + plotH} textAnchor="end" className="fill-faint text-[10px]">0</text>
      {bars.map((b, i) => {
        const h = (b.value / max) * plotH;
        return (
          <g key={i} data-bin={b.label} data-count={b.value}>
            <title>{b.title}</title>
            <rect x={PAD.l + i * bw + 1} y={PAD.t + plotH - h} width={Math.max(1, bw - 2)} height={h} className="fill-accent/70" />
            {bars.length <= 16 || i % 2 === 0 ? <text x={PAD.l + (i + 0.5) * bw} y={CHART_H - 6} textAnchor="middle" className="fill-faint text-[10px]">{b.label}</text> : null}
          </g>
        );
      })}
    </svg>
  );
}
