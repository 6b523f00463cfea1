/**
 * The live half of the UI benchmark: a stdio fixture peer floods notifications into a session the
 * page is showing. Measures frame times meanwhile, how fast a click is answered during the flood,
 * and how long after the server recorded the last entry the page shows all of them.
 */
import type { Page } from '@playwright/test';
import { TOKEN_HEADER } from '../lib/session/bridge';
import type { SessionSummary } from '../lib/session/types';
import type { RunningApp } from '../tests/e2e/helpers/server';
import { peerPath } from '../tests/fixtures/peers/start-peer';
import type { CpuClock } from './ui-cpu';
import { percentile, summarizeFrames, type FrameSample, type FrameSummary } from './ui-stats';

export interface FloodPlan {
  /** Notifications per second, sent as `flood` calls of rate/10 every 100 ms. */
  rate?: number;
  seconds?: number;
  /** Instead: one `flood` call with this many notifications at once. */
  burst?: number;
}

export interface FloodResult {
  label: string;
  notifications: number;
  entries: number;
  /** Seconds the server took to record every entry. */
  recordSeconds: number;
  frames: FrameSummary;
  /** Click on a toolbar toggle → next frame painted, sampled while the flood ran. */
  clicks: { count: number; p95: number; max: number };
  /** From the server holding the last entry to the page counting it. */
  catchUpMs: number;
  /** Share of the flood's wall time the page's main thread spent on a CPU. */
  mainThreadBusy: number;
}

const TIME_TOGGLES = ['Since start', 'Clock'];

async function api<T>(app: RunningApp, method: string, path: string, body?: unknown): Promise<T> {
  const res = await fetch(`${app.origin}${path}`, {
    method,
    headers: { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' },
    body: body === undefined ? undefined : JSON.stringify(body),
  });
  const text = await res.text();
  if (!res.ok) throw new Error(`${method} ${path}: HTTP ${res.status} ${text.slice(0, 300)}`);
  return JSON.parse(text) as T;
}

const summary = (app: RunningApp, id: string) => api<{ session: SessionSummary }>(app, 'GET', `/api/sessions/${id}`).then((r) => r.session);
const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

/** Polls until the session holds at least `atLeast` entries and stops growing; returns when it got there. */
async function settled(app: RunningApp, id: string, atLeast: number, timeoutMs = 120_000): Promise<{ events: number; at: number }> {
  const deadline = Date.now() + timeoutMs;
  let last = -1;
  let since = Date.now();
  let reachedAt = Date.now();
  for (;;) {
    const n = (await summary(app, id)).counts.events;
    if (n !== last) {
      last = n;
      since = reachedAt = Date.now();
    } else if (n >= atLeast && Date.now() - since > 400) return { events: n, at: reachedAt };
    if (Date.now() > deadline) throw new Error(`session ${id} stalled at ${n} entries (expected ≥ ${atLeast})`);
    await sleep(20);
  }
}

export async function measureFlood(page: Page, app: RunningApp, plan: FloodPlan, clock: CpuClock | null): Promise<FloodResult> {
  const { session } = await api<{ session: SessionSummary }>(app, 'POST', '/api/sessions', {
    name: plan.burst ? `burst of ${plan.burst}` : `flood ${plan.rate}/s`,
    target: { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' },
  });
  const id = session.id;
  try {
    await page.locator(`[data-session-id="${id}"]`).click();
    await page.locator(`[data-session-id="${id}"][aria-current="true"]`).waitFor();
    const before = await settled(app, id, 1);
    await page.waitForFunction((n) => (window as unknown as { __rpcBench: { countText(): string } }).__rpcBench.countText() === n, `${before.events.toLocaleString('en-US')} entries`);

    await page.evaluate('window.__rpcBench.startFrameWatch()');
    const clickTimes: number[] = [];
    let flooding = true;
    const clicker = (async () => {
      while (flooding) {
        await sleep(250);
        if (!flooding) break;
        const r = await page.evaluate(`(async () => {
          const B = window.__rpcBench;
          for (const l of ${JSON.stringify(TIME_TOGGLES)}) {
            if ([...document.querySelectorAll('button[aria-pressed]')].some((b) => b.textContent.trim() === l)) return B.clickToggle(l, false);
          }
          return null;
        })()`) as { shownMs: number } | null;
        if (r) clickTimes.push(r.shownMs);
      }
    })();

    const t0 = Date.now();
    const cpu0 = clock ? clock() : NaN;
    let calls = 0;
    let notifications = 0;
    const send = (n: number) => api(app, 'POST', `/api/sessions/${id}/send`, { text: JSON.stringify({ jsonrpc: '2.0', id: `flood-${calls}`, method: 'flood', params: { n } }) });
    if (plan.burst) {
      await send(plan.burst);
      calls = 1;
      notifications = plan.burst;
    } else {
      const rate = plan.rate ?? 10_000;
      const ticks = Math.round((plan.seconds ?? 3) * 10);
      const per = Math.round(rate / 10);
      for (let i = 0; i < ticks; i++) {
        // On a fixed schedule, not after each answer: a slow server must not slow the flood down.
        const wait = t0 + i * 100 - Date.now();
        if (wait > 0) await sleep(wait);
        void send(per).catch(() => undefined);
        calls++;
        notifications += per;
      }
    }
    const expected = before.events + calls * 2 + notifications;
    const done = await settled(app, id, expected);
    const shownAt = (await page.evaluate(`window.__rpcBench.waitCountEpoch(${JSON.stringify(`${done.events.toLocaleString('en-US')} entries`)}, 120000)`)) as number;
    const busy = clock ? (clock() - cpu0) / (Date.now() - t0) : NaN;
    flooding = false;
    await clicker;
    const frames = (await page.evaluate('window.__rpcBench.stopFrameWatch()')) as FrameSample;
    return {
      label: plan.burst ? `burst: ${plan.burst.toLocaleString('en-US')} notifications at once` : `steady: ${(plan.rate ?? 10_000).toLocaleString('en-US')}/s for ${plan.seconds ?? 3} s`,
      notifications,
      entries: done.events - before.events,
      recordSeconds: (done.at - t0) / 1000,
      frames: summarizeFrames(frames),
      clicks: { count: clickTimes.length, p95: percentile(clickTimes, 95), max: clickTimes.length ? Math.max(...clickTimes) : NaN },
      catchUpMs: Math.max(0, shownAt - done.at),
      mainThreadBusy: busy,
    };
  } finally {
    await api(app, 'POST', `/api/sessions/${id}/close`, {}).catch(() => undefined);
  }
}
