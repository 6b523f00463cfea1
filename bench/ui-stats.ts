/** Figures for the UI benchmark: frame-time summaries, aims, and the printed lines. */

export interface FrameSample {
  deltas: number[];
  longTasks: number[];
}

export interface FrameSummary {
  frames: number;
  mean: number;
  p95: number;
  max: number;
  /** Frames that took longer than 50 ms (the aim is none). */
  over50: number;
  longTasks: number;
  longestTask: number;
}

export function percentile(values: readonly number[], p: number): number {
  if (values.length === 0) return NaN;
  const sorted = [...values].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.max(0, Math.ceil((p / 100) * sorted.length) - 1))];
}

export const median = (values: readonly number[]): number => percentile(values, 50);

export function summarizeFrames(s: FrameSample): FrameSummary {
  const d = s.deltas;
  return {
    frames: d.length,
    mean: d.length ? d.reduce((a, b) => a + b, 0) / d.length : NaN,
    p95: percentile(d, 95),
    max: d.length ? Math.max(...d) : NaN,
    over50: d.filter((x) => x > 50).length,
    longTasks: s.longTasks.length,
    longestTask: s.longTasks.length ? Math.max(...s.longTasks) : 0,
  };
}

export const ms = (x: number | null | undefined): string => (x === null || x === undefined || !Number.isFinite(x) ? '-' : x >= 100 ? `${x.toFixed(0)} ms` : `${x.toFixed(1)} ms`);

export const frameLine = (f: FrameSummary): string =>
  `${f.frames} frames, mean ${ms(f.mean)}, p95 ${ms(f.p95)}, max ${ms(f.max)}, ${f.over50} over 50 ms; ` +
  `${f.longTasks} long tasks${f.longTasks ? ` (longest ${ms(f.longestTask)})` : ''}`;

/** One result line against its aim: `  ✓ label  figure  (aim …)`. */
export function verdict(ok: boolean, label: string, figure: string, aim: string): string {
  return `  ${ok ? '✓' : '✗'} ${label.padEnd(44)} ${figure.padStart(12)}   (aim ${aim})`;
}

export function table(header: string[], rows: string[][]): string {
  const widths = header.map((h, i) => Math.max(h.length, ...rows.map((r) => (r[i] ?? '').length)));
  const line = (cells: string[]) => cells.map((c, i) => (i === 0 ? c.padEnd(widths[i]) : c.padStart(widths[i]))).join('  ');
  return [line(header), widths.map((w) => '-'.repeat(w)).join('  '), ...rows.map(line)].join('\n');
}
