/**
 * Where opening a big recorded session goes (issue 11: a 1M-entry session opens with first rows
 * < 0.5 s and every entry counted < 5 s). Seeds (bench/ui-seed.ts), starts the built app, opens
 * the session in Chromium under the CDP sampling profiler and prints: click → first rows / all
 * counted, each row page's request (server wait, transfer, size), the server's CPU (main thread
 * and the rest) and the page's main-thread CPU, and the page's functions by self time.
 *
 *   node --max-old-space-size=6000 --import tsx bench/ui-open.ts [entries] [app root]
 *
 * The app root (default: this tree) lets the same measurement run against another checkout's build.
 */
import { spawn } from 'node:child_process';
import { mkdtempSync, readFileSync, readdirSync, rmSync } from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { chromium } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { PAGE_SCRIPT } from './ui-page';
import { seedBenchSession } from './ui-seed';
import { rendererMainThreadClock, withCpu } from './ui-cpu';
import { ms, table } from './ui-stats';

const ENTRIES = Number(process.argv[2] ?? 1_000_000);
const APP_ROOT = path.resolve(process.argv[3] ?? process.cwd());
const TOKEN = 'bench0123456789abcdef0123456789abcdef0123456789ab';

/** CPU ms of each thread of a process, by thread name (Linux /proc; utime + stime in clock ticks). */
function threadCpu(pid: number): Map<string, number> {
  const out = new Map<string, number>();
  for (const tid of readdirSync(`/proc/${pid}/task`)) {
    try {
      const stat = readFileSync(`/proc/${pid}/task/${tid}/stat`, 'utf8');
      const name = stat.slice(stat.indexOf('(') + 1, stat.lastIndexOf(')'));
      const f = stat.slice(stat.lastIndexOf(')') + 2).split(' ');
      const key = tid === String(pid) ? 'main' : name;
      out.set(key, (out.get(key) ?? 0) + ((Number(f[11]) + Number(f[12])) * 10));
    } catch {
      // a thread that ended meanwhile
    }
  }
  return out;
}

const diff = (a: Map<string, number>, b: Map<string, number>) =>
  [...b].map(([k, v]) => [k, v - (a.get(k) ?? 0)] as const).filter(([, v]) => v > 0).sort((x, y) => y[1] - x[1]);

interface ProfileNode { id: number; callFrame: { functionName: string; url: string; lineNumber: number; columnNumber: number }; hitCount?: number }

async function main(): Promise<void> {
  const load = os.loadavg();
  const dataDir = mkdtempSync(path.join(os.tmpdir(), 'rpcscope-bench-open-'));
  const seeded = seedBenchSession(dataDir, ENTRIES);
  const child = spawn(process.execPath, ['bin/rpcscope.mjs'], {
    cwd: APP_ROOT,
    env: { ...process.env, RPCSCOPE_PORT: '0', RPCSCOPE_TOKEN: TOKEN, RPCSCOPE_DATA_DIR: dataDir, NODE_ENV: 'production', NEXT_TELEMETRY_DISABLED: '1' },
    stdio: ['ignore', 'pipe', 'pipe'],
  });
  let out = '';
  child.stdout.setEncoding('utf8').on('data', (d: string) => { out += d; });
  child.stderr.setEncoding('utf8').on('data', (d: string) => { out += d; });
  const opts = playwrightConfig.use?.launchOptions ?? {};
  const browser = await chromium.launch({ executablePath: process.env.CHROMIUM_PATH ?? opts.executablePath ?? '/usr/bin/chromium', args: opts.args ?? [] });
  try {
    const url = await new Promise<string>((resolve, reject) => {
      const timer = setTimeout(() => reject(new Error(`no URL: ${out.slice(-1000)}`)), 60_000);
      child.stdout.on('data', () => {
        const m = /http:\/\/127\.0\.0\.1:\d+\/\?code=[0-9a-f]+/.exec(out);
        if (m) { clearTimeout(timer); resolve(m[0]); }
      });
    });
    const page = await browser.newPage({ viewport: { width: 1440, height: 900 } });
    await page.addInitScript({ content: PAGE_SCRIPT });
    const pages: string[][] = [];
    page.on('requestfinished', (req) => {
      const u = new URL(req.url());
      if (!u.pathname.endsWith('/rows')) return;
      const t = req.timing();
      void req.response().then((res) => res?.body()).then((b) => {
        pages.push([u.searchParams.get('since') ?? '', u.searchParams.get('limit') ?? '', ms(t.responseStart - t.requestStart), ms(t.responseEnd - t.responseStart), `${((b?.length ?? 0) / 1e6).toFixed(2)} MB`]);
      });
    });
    await page.goto(url);
    await page.locator(`[data-session-id="${seeded.sessionId}"]`).waitFor();
    const clock = await rendererMainThreadClock(browser, page);
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Profiler.enable');
    await cdp.send('Profiler.setSamplingInterval', { interval: 500 });
    await cdp.send('Profiler.start');
    const server0 = threadCpu(child.pid!);
    const expect = `${ENTRIES.toLocaleString('en-US')} entries`;
    const opened = await withCpu(clock, () => page.evaluate(`window.__rpcBench.openSession(${JSON.stringify(seeded.sessionId)}, ${JSON.stringify(expect)}, 300000)`) as Promise<{ firstRowPaintedMs: number; allPaintedMs: number; longTasks: number[] }>);
    const server1 = threadCpu(child.pid!);
    const { profile } = (await cdp.send('Profiler.stop')) as { profile: { nodes: ProfileNode[]; samples: number[]; timeDeltas: number[] } };
    const self = new Map<string, number>();
    const byId = new Map(profile.nodes.map((n) => [n.id, n]));
    for (let i = 0; i < profile.samples.length; i++) {
      const n = byId.get(profile.samples[i]);
      if (!n) continue;
      const f = n.callFrame;
      const key = `${f.functionName || '(anonymous)'} ${f.url ? `${path.basename(f.url.split('?')[0])}:${f.lineNumber + 1}:${f.columnNumber + 1}` : ''}`;
      self.set(key, (self.get(key) ?? 0) + (profile.timeDeltas[i] ?? 0) / 1000);
    }
    const o = opened.value;
    console.log(`opening a ${ENTRIES.toLocaleString('en-US')}-entry session (${APP_ROOT}), load ${load.map((l) => l.toFixed(1)).join(' ')} → ${os.loadavg()[0].toFixed(1)}`);
    console.log(`click → first rows ${ms(o.firstRowPaintedMs)}, all counted ${ms(o.allPaintedMs)}; page main-thread CPU ${ms(opened.cpuMs)}; long tasks ${o.longTasks.length}, longest ${ms(Math.max(0, ...o.longTasks))}`);
    console.log(`server CPU meanwhile, by thread: ${diff(server0, server1).map(([k, v]) => `${k} ${ms(v)}`).join(', ')}`);
    console.log(table(['since', 'limit', 'server wait', 'transfer', 'size'], pages));
    const top = [...self].sort((a, b) => b[1] - a[1]).slice(0, 30);
    console.log(table(['page function (self time)', 'ms'], top.map(([k, v]) => [k.slice(0, 90), ms(v)])));
  } finally {
    await browser.close();
    child.kill('SIGTERM');
    rmSync(dataDir, { recursive: true, force: true });
  }
}

main().catch((err: unknown) => {
  console.error(err instanceof Error ? err.stack ?? err.message : err);
  process.exit(1);
});
