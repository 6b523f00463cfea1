/**
 * The sequence diagram against the timeline on the same 100k-entry session, side by side: a
 * wheel-like scroll (150 px a frame) and a scrollbar sweep (top to bottom), each measured as
 * frame gaps (p50 / p95 / max), long animation frames (> 50 ms, PerformanceObserver
 * `long-animation-frame`) and main-thread CPU per frame. The timeline is the yardstick: on a
 * shared machine every frame slows, the ratio does not. Part of `npm run bench:ui`, or alone:
 *
 *   node --import tsx bench/ui-diagram.ts          (BENCH_UI_ENTRIES, BENCH_UI_PROFILE=1 for a CPU profile's top functions)
 *
 * Needs `npx next build` first.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import { chromium, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { startApp, type RunningApp } from '../tests/e2e/helpers/server';
import { seedLargeSession } from '../tests/fixtures/sessions/seed';
import { rendererMainThreadClock, withCpu, type CpuClock } from './ui-cpu';
import { ms, percentile, table } from './ui-stats';

export interface ScrollFigures {
  frames: number;
  p50: number;
  p95: number;
  max: number;
  over50: number;
  /** Long animation frames (> 50 ms) and the longest. */
  longFrames: number;
  longestFrame: number;
  cpuPerFrame: number;
}

export interface DiagramFigures {
  timeline: { steady: ScrollFigures; sweep: ScrollFigures };
  diagram: { steady: ScrollFigures; sweep: ScrollFigures };
}

/** Plain text run in the page (see ui-page.ts for why it is a string). */
const SCROLL_SCRIPT = String.raw`
(async ([testId, mode, durationMs, px]) => {
  const el = document.querySelector('[data-testid="' + testId + '"]');
  if (!el) throw new Error('no ' + testId);
  el.scrollTop = 0;
  await new Promise((r) => requestAnimationFrame(() => requestAnimationFrame(r)));
  const long = [];
  let po = null;
  try {
    po = new PerformanceObserver((list) => { for (const e of list.getEntries()) long.push(e.duration); });
    po.observe({ type: 'long-animation-frame' });
  } catch {}
  const deltas = [];
  await new Promise((resolve) => {
    let last = null;
    const t0 = performance.now();
    const loop = (ts) => {
      if (last !== null) deltas.push(ts - last);
      last = ts;
      const p = (ts - t0) / durationMs;
      if (p >= 1) return resolve();
      if (mode === 'steady') el.scrollTop += px;
      else el.scrollTop = Math.round(p * (el.scrollHeight - el.clientHeight));
      requestAnimationFrame(loop);
    };
    requestAnimationFrame(loop);
  });
  await new Promise((r) => setTimeout(r, 50));
  po?.disconnect();
  return { deltas, long };
})
`;

async function scroll(page: Page, clock: CpuClock | null, testId: string, mode: 'steady' | 'sweep'): Promise<ScrollFigures> {
  const run = await withCpu(clock, () => page.evaluate(`${SCROLL_SCRIPT}(${JSON.stringify([testId, mode, 1500, 150])})`) as Promise<{ deltas: number[]; long: number[] }>);
  const d = run.value.deltas;
  return {
    frames: d.length,
    p50: percentile(d, 50),
    p95: percentile(d, 95),
    max: d.length ? Math.max(...d) : NaN,
    over50: d.filter((x) => x > 50).length,
    longFrames: run.value.long.length,
    longestFrame: run.value.long.length ? Math.max(...run.value.long) : 0,
    cpuPerFrame: run.cpuMs / Math.max(1, d.length),
  };
}

const viewRadio = (page: Page, name: 'Timeline' | 'Sequence') => page.getByRole('radiogroup', { name: 'View' }).getByRole('radio', { name });

/** Measures both views on the session already open in `page` (its timeline showing every entry). */
export async function measureDiagramVsTimeline(page: Page, clock: CpuClock | null): Promise<DiagramFigures> {
  await viewRadio(page, 'Timeline').click();
  const timeline = { steady: await scroll(page, clock, 'timeline-scroll', 'steady'), sweep: await scroll(page, clock, 'timeline-scroll', 'sweep') };
  await viewRadio(page, 'Sequence').click();
  await page.getByTestId('sequence-view').locator('g[data-seq]').first().waitFor();
  const diagram = { steady: await scroll(page, clock, 'sequence-scroll', 'steady'), sweep: await scroll(page, clock, 'sequence-scroll', 'sweep') };
  await viewRadio(page, 'Timeline').click();
  return { timeline, diagram };
}

export function diagramLines(f: DiagramFigures): string[] {
  const row = (label: string, s: ScrollFigures) => [label, ms(s.p50), ms(s.p95), ms(s.max), String(s.over50), `${s.longFrames}${s.longFrames ? ` (${ms(s.longestFrame)})` : ''}`, ms(s.cpuPerFrame)];
  return [
    'Sequence diagram beside the timeline (same session; wheel = 150 px a frame, sweep = scrollbar top→bottom, 1.5 s each)',
    table(['', 'p50', 'p95', 'max', '>50 ms', 'long frames', 'CPU/frame'], [
      row('timeline, wheel', f.timeline.steady),
      row('diagram, wheel', f.diagram.steady),
      row('timeline, sweep', f.timeline.sweep),
      row('diagram, sweep', f.diagram.sweep),
    ]),
  ];
}

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number }; hitCount?: number }

/** The functions the diagram's scroll spends its samples in (self time), for finding what to cut. */
async function profileDiagram(page: Page): Promise<string[]> {
  const cdp = await page.context().newCDPSession(page);
  await cdp.send('Profiler.enable');
  await cdp.send('Profiler.setSamplingInterval', { interval: 200 });
  await cdp.send('Profiler.start');
  await page.evaluate(`${SCROLL_SCRIPT}(${JSON.stringify(['sequence-scroll', 'steady', 2500, 150])})`);
  const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[] } };
  await cdp.detach();
  const byId = new Map(profile.nodes.map((n) => [n.id, n]));
  const self = new Map<string, number>();
  for (const s of profile.samples) {
    const n = byId.get(s);
    if (!n) continue;
    const f = n.callFrame;
    const key = `${f.functionName || '(anonymous)'} ${f.url.split('/').pop()}:${f.lineNumber}`;
    self.set(key, (self.get(key) ?? 0) + 1);
  }
  const total = profile.samples.length;
  return [...self].sort((a, b) => b[1] - a[1]).slice(0, 20).map(([k, n]) => `  ${((n / total) * 100).toFixed(1).padStart(5)} %  ${k}`);
}

interface TraceEvent { name: string; ph: string; dur?: number; tid: number; pid: number; args?: { data?: { frame?: string } } }

/**
 * Where a view's frames go, by the renderer's own trace events (style, layout, paint, script …):
 * total ms per frame of each top-level main-thread event kind, biggest first.
 */
async function traceBreakdown(page: Page, testId: string): Promise<string> {
  const browser = page.context().browser()!;
  await browser.startTracing(page, { categories: ['devtools.timeline', 'disabled-by-default-devtools.timeline'] });
  const run = (await page.evaluate(`${SCROLL_SCRIPT}(${JSON.stringify([testId, 'steady', 1500, 150])})`)) as { deltas: number[] };
  const buf = await browser.stopTracing();
  const events = (JSON.parse(buf.toString('utf8')) as { traceEvents: TraceEvent[] }).traceEvents;
  // The renderer's main thread: the one that ran the page's animation-frame callbacks.
  const raf = events.find((e) => e.name === 'FireAnimationFrame');
  const main = events.filter((e) => raf && e.pid === raf.pid && e.tid === raf.tid && e.ph === 'X' && e.dur);
  const names = ['FunctionCall', 'FireAnimationFrame', 'EventDispatch', 'UpdateLayoutTree', 'Layout', 'PrePaint', 'Paint', 'Layerize', 'UpdateLayer', 'RasterTask', 'HitTest', 'ParseHTML', 'MinorGC', 'MajorGC'];
  const sums = new Map<string, number>();
  for (const e of main) if (names.includes(e.name)) sums.set(e.name, (sums.get(e.name) ?? 0) + e.dur! / 1000);
  const frames = Math.max(1, run.deltas.length);
  return [...sums].sort((a, b) => b[1] - a[1]).map(([n, t]) => `${n} ${(t / frames).toFixed(2)}`).join(', ');
}

async function main(): Promise<void> {
  const entries = Number(process.env.BENCH_UI_ENTRIES ?? 100_000);
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rpcscope-bench-diagram-'));
  const opts = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? opts.executablePath ?? '/usr/bin/chromium', args: opts.args ?? [] });
  let app: RunningApp | null = null;
  const load = os.loadavg()[0];
  try {
    const { sessionId } = seedLargeSession(dataDir, { entries });
    app = await startApp({ dataDir });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.goto(app.url);
    await page.locator(`[data-session-id="${sessionId}"]`).click();
    await page.getByTestId('timeline-count').filter({ hasText: `${entries.toLocaleString('en-US')} entries` }).waitFor({ timeout: 120_000 });
    const clock = await rendererMainThreadClock(browser, page);
    const figures = await measureDiagramVsTimeline(page, clock);
    console.log(`\n${entries.toLocaleString('en-US')}-entry session, Chromium headless 1440×900, ${os.cpus().length} cores, load average ${load.toFixed(1)} at start, ${os.loadavg()[0].toFixed(1)} at end`);
    console.log(diagramLines(figures).join('\n'));
    if (process.env.BENCH_UI_PROFILE === '1') {
      console.log('\nWhat a frame spends on the main thread, ms a frame (trace events; nested ones overlap their parents):');
      console.log(`  timeline: ${await traceBreakdown(page, 'timeline-scroll')}`);
      await viewRadio(page, 'Sequence').click();
      await page.getByTestId('sequence-view').locator('g[data-seq]').first().waitFor();
      console.log(`  diagram:  ${await traceBreakdown(page, 'sequence-scroll')}`);
      console.log('\nWhere the diagram\'s wheel scroll spends its main thread (self time, top 20):');
      console.log((await profileDiagram(page)).join('\n'));
    }
  } finally {
    await browser.close();
    await app?.stop();
    rmSync(dataDir, { recursive: true, force: true });
  }
}

if (process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url)) {
  main().catch((err: unknown) => {
    console.error(err);
    process.exit(1);
  });
}
