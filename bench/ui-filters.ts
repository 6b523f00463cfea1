/**
 * The filter part of the UI benchmark: pasted queries, toolbar toggles and real typing on the
 * opened session. Each filter is applied and removed ROUNDS times; the median is the figure, the
 * best shows what the page does when the machine is not busy with something else.
 */
import type { Page } from '@playwright/test';
import { withCpu, type CpuClock } from './ui-cpu';
import { median, percentile } from './ui-stats';

const ROUNDS = 3;
export const QUERIES = ['status:error', 'method:textDocument/*', 'method:textDocument/completion latency:>500', 'Content modified', 'kind:notification -method:$/progress'];
export const TOGGLES = ['Errors', 'Findings', 'Hide stderr/meta'];
export const TYPED = 'method:textDocument/hover';

interface Step { after: string; echoMs: number; shownMs: number; changed: boolean; scan: string; cpuMs: number }

export interface FilterRow {
  label: string;
  result: string;
  /** Every round changed the count (a filter that shows no change was not measured). */
  changed: boolean;
  echo: number[];
  shown: number[];
  /** Full filter pass inside `shown`, as the toolbar's tooltip reports it. */
  scan: number[];
  /** Main-thread CPU from the change to the result painted. */
  cpu: number[];
}

export interface FilterFigures {
  rows: FilterRow[];
  typed: { latencies: number[]; resultAfterLastKeyMs: number };
}

const scanOf = (title: string): number => Number(/([\d.]+) ms/.exec(title)?.[1] ?? NaN);

function row(label: string, steps: Step[]): FilterRow {
  return {
    label,
    result: steps[0]?.after ?? '',
    changed: steps.every((s) => s.changed),
    echo: steps.map((s) => s.echoMs),
    shown: steps.map((s) => s.shownMs),
    scan: steps.map((s) => scanOf(s.scan)),
    cpu: steps.map((s) => s.cpuMs),
  };
}

export async function measureFilters(page: Page, clock: CpuClock | null): Promise<FilterFigures> {
  const B = 'window.__rpcBench';
  const step = async (expr: string): Promise<Step> => {
    const { value, cpuMs } = await withCpu(clock, () => page.evaluate(expr) as Promise<Step>);
    return { ...value, cpuMs };
  };
  await page.evaluate(`${B}.afterPaint()`);
  const rows: FilterRow[] = [];
  const cleared: Step[] = [];
  for (const q of QUERIES) {
    const on: Step[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      on.push(await step(`${B}.setQuery(${JSON.stringify(q)})`));
      cleared.push(await step(`${B}.setQuery('')`));
    }
    rows.push(row(q, on));
  }
  rows.push(row('(query cleared)', cleared));
  for (const label of TOGGLES) {
    const on: Step[] = [];
    const off: Step[] = [];
    for (let i = 0; i < ROUNDS; i++) {
      on.push(await step(`${B}.clickToggle(${JSON.stringify(label)})`));
      off.push(await step(`${B}.clickToggle(${JSON.stringify(label)})`));
    }
    rows.push(row(`[${label}]`, on), row(`[${label}] off`, off));
  }

  // Real keys at a fast typist's pace: each keystroke's event → next painted frame.
  await page.evaluate(`${B}.focusFilter(); ${B}.watchKeys()`);
  const before = (await page.evaluate(`${B}.countText()`)) as string;
  await page.keyboard.type(TYPED, { delay: 60 });
  const typedAt = Date.now();
  await page.waitForFunction(`${B}.countText() !== ${JSON.stringify(before)}`);
  const resultAfterLastKeyMs = Date.now() - typedAt;
  await page.evaluate(`${B}.afterPaint()`);
  const latencies = (await page.evaluate(`${B}.keyLatencies`)) as number[];
  await page.evaluate(`${B}.unwatchKeys(); ${B}.setQuery('')`);
  return { rows, typed: { latencies, resultAfterLastKeyMs } };
}

export const worstMedian = (f: FilterFigures): number => Math.max(...f.rows.map((r) => median(r.shown)));
export const worstCpu = (f: FilterFigures): number => Math.max(...f.rows.map((r) => median(r.cpu)));
export const keyP95 = (f: FilterFigures): number => percentile(f.typed.latencies, 95);
