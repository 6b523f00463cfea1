/**
 * CPU time of the page's renderer main thread (Linux /proc), to set beside wall-clock figures:
 * on a machine busy with other work, wall-clock times grow with the queue for a core, while the
 * CPU an operation used stays about what it would cost on an idle machine.
 */
import { readFileSync, readdirSync } from 'node:fs';
import type { Browser, Page } from '@playwright/test';

export type CpuClock = () => number;

const schedMs = (path: string): number => {
  try {
    // First field: time on a CPU, in nanoseconds.
    return Number(readFileSync(path, 'utf8').split(' ')[0]) / 1e6;
  } catch {
    return NaN;
  }
};

type ProcessInfo = { type: string; id: number; cpuTime: number }[];

/**
 * A clock reading the CPU ms used so far by the main thread of the page's renderer process
 * (found as the renderer that works while the page spins for a moment). null without /proc.
 */
export async function rendererMainThreadClock(browser: Browser, page: Page): Promise<CpuClock | null> {
  try {
    readdirSync('/proc/self/task');
  } catch {
    return null;
  }
  const cdp = await browser.newBrowserCDPSession();
  try {
    const info = async () => ((await cdp.send('SystemInfo.getProcessInfo')) as { processInfo: ProcessInfo }).processInfo.filter((p) => p.type === 'renderer');
    const before = new Map((await info()).map((p) => [p.id, p.cpuTime]));
    await page.evaluate('(() => { const t = performance.now(); while (performance.now() - t < 120); })()');
    const grew = (await info()).map((p) => ({ id: p.id, d: p.cpuTime - (before.get(p.id) ?? 0) })).sort((a, b) => b.d - a.d);
    if (!grew.length) return null;
    const pid = grew[0].id;
    const path = `/proc/${pid}/task/${pid}/schedstat`;
    return Number.isFinite(schedMs(path)) ? () => schedMs(path) : null;
  } finally {
    await cdp.detach();
  }
}

/** Runs f and returns its result with the CPU ms the clock advanced meanwhile (NaN without a clock). */
export async function withCpu<T>(clock: CpuClock | null, f: () => Promise<T>): Promise<{ value: T; cpuMs: number }> {
  const before = clock ? clock() : NaN;
  const value = await f();
  return { value, cpuMs: clock ? clock() - before : NaN };
}
