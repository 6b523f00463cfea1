/**
 * The chain's last stage: the same child as the other stages, opened as a stdio session of the
 * real app (production build, `node --import tsx server/main.ts`) while Debian's Chromium shows
 * the page, and timed from the POST that spawns the child until the page's timeline has counted
 * every entry the server recorded (the session ended, its count read from the server). The
 * session is clicked in the list as soon as it exists, as a user would; what the page missed by
 * then it gets as a late subscriber (ring, then store). The page is reloaded before each run so
 * earlier runs' rows do not weigh on it.
 *
 * PAGE_PROFILE=FILE writes the page's CPU profile of each run there (Chromium's Profiler over CDP).
 *
 * The app and the browser start once, before any clock (the app is started once by its user too);
 * without a production build or Chromium the stage reports why and is left out.
 *
 * The chain drives it from a process of its own (`PageStageProcess`): Playwright's client in the
 * chain's process made every other stage slower there, the bare reader most (its CPU 650 → 900–1200
 * ms a 100k, and it stayed so after the browser closed), which flattered every ratio in the table.
 */
import { fork, type ChildProcess } from 'node:child_process';
import { existsSync } from 'node:fs';
import path from 'node:path';
import { performance } from 'node:perf_hooks';
import { fileURLToPath, pathToFileURL } from 'node:url';
import { chromium, type Browser, type CDPSession, type Page } from '@playwright/test';
import playwrightConfig from '../playwright.config';
import { TOKEN_HEADER } from '../lib/session/bridge';
import type { SessionSummary } from '../lib/session/types';
import { REPO_ROOT, startApp, type RunningApp } from '../tests/e2e/helpers/server';
import { PAGE_SCRIPT } from './ui-page';

export interface PageRun {
  ms: number;
  /** Not this process's: the work is in the app's server and Chromium (NaN, shown as "-"). */
  cpuMs: number;
  /** How long the page's main thread was busy (Chromium's TaskDuration), the page's own cost. */
  pageBusyMs: number;
}

const TIMEOUT_MS = 180_000;
/** How long the page stage waits after a run for the browser and the app to be idle again. */
const SETTLE_MS = 1500;
const CHROMIUM = process.env.CHROMIUM_PATH ?? playwrightConfig.use?.launchOptions?.executablePath ?? '/usr/bin/chromium';

/** Why the page stage cannot run here, or null. */
export function pageStageMissing(): string | null {
  if (!existsSync(path.join(REPO_ROOT, '.next', 'BUILD_ID'))) return 'no production build (`npm run -s build` first)';
  if (!existsSync(CHROMIUM)) return `no Chromium at ${CHROMIUM}`;
  return null;
}

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

export class PageStage {
  private app: RunningApp | null = null;
  private browser: Browser | null = null;
  private page: Page | null = null;
  private cdp: CDPSession | null = null;
  private readonly consoleErrors: string[] = [];

  async start(): Promise<void> {
    this.app = await startApp({ timeoutMs: 60_000 });
    this.browser = await chromium.launch({ executablePath: CHROMIUM, args: playwrightConfig.use?.launchOptions?.args ?? [] });
    this.page = await this.browser.newPage({ viewport: { width: 1440, height: 900 } });
    this.page.on('console', (m) => {
      if (m.type() === 'error') this.consoleErrors.push(m.text());
    });
    this.page.on('pageerror', (e) => this.consoleErrors.push(`page error: ${e.message}`));
    await this.page.addInitScript({ content: PAGE_SCRIPT });
    await this.page.goto(await this.app.signInUrl());
    this.cdp = await this.page.context().newCDPSession(this.page);
    await this.cdp.send('Performance.enable');
  }

  /** Seconds the page's main thread has spent in tasks so far. */
  private async busy(): Promise<number> {
    const { metrics } = await this.cdp!.send('Performance.getMetrics');
    return metrics.find((m) => m.name === 'TaskDuration')?.value ?? NaN;
  }

  get errors(): readonly string[] {
    return this.consoleErrors;
  }

  private async api<T>(method: string, p: string, body?: unknown): Promise<T> {
    const app = this.app!;
    const ask = () => fetch(`${app.origin}${p}`, {
      method,
      headers: { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' },
      body: body === undefined ? undefined : JSON.stringify(body),
    });
    let res: Response;
    try {
      res = await ask();
    } catch (err) {
      // A kept-alive connection the server closed as it was reused: asked once more on a new one.
      if (method !== 'GET') throw new Error(`${method} ${p}: ${(err as Error).message}\n${app.output().slice(-1500)}`, { cause: err });
      await sleep(50);
      res = await ask().catch((again: Error) => {
        throw new Error(`${method} ${p}: ${again.message}\n${app.output().slice(-1500)}`, { cause: again });
      });
    }
    const text = await res.text();
    if (!res.ok) throw new Error(`${method} ${p}: HTTP ${res.status} ${text.slice(0, 300)}`);
    return JSON.parse(text) as T;
  }

  /** Spawn → every entry counted on the page, for `command args` as a stdio Content-Length target. */
  async run(command: string, args: string[]): Promise<PageRun> {
    const page = this.page!;
    await page.reload();
    await page.locator('[data-testid="timeline-count"], [data-session-id]').first().waitFor({ timeout: 30_000 }).catch(() => undefined);
    const busy0 = await this.busy();
    if (process.env.PAGE_PROFILE) {
      await this.cdp!.send('Profiler.enable');
      await this.cdp!.send('Profiler.start');
    }
    const t0 = performance.now();
    const { session } = await this.api<{ session: SessionSummary }>('POST', '/api/sessions', {
      name: 'chain (page)',
      target: { kind: 'stdio', command, args, framing: 'content-length' },
    });
    const id = session.id;
    try {
      await page.locator(`[data-session-id="${id}"]`).click();
      const deadline = Date.now() + TIMEOUT_MS;
      let total = -1;
      while (total < 0) {
        const s = (await this.api<{ session: SessionSummary }>('GET', `/api/sessions/${id}`)).session;
        if (s.endedAt) total = s.counts.events;
        else if (Date.now() > deadline) throw new Error(`session ${id} did not end within ${TIMEOUT_MS / 1000} s`);
        else await sleep(25);
      }
      const want = `${total.toLocaleString('en-US')} entries`;
      await page.waitForFunction((text) => document.querySelector('[data-testid="timeline-count"]')?.textContent === text, want, { timeout: TIMEOUT_MS, polling: 'raf' });
      const ms = performance.now() - t0;
      if (process.env.PAGE_PROFILE) {
        const { profile } = await this.cdp!.send('Profiler.stop');
        (await import('node:fs')).writeFileSync(process.env.PAGE_PROFILE, JSON.stringify(profile));
      }
      return { ms, cpuMs: NaN, pageBusyMs: ((await this.busy()) - busy0) * 1000 };
    } finally {
      await this.api('DELETE', `/api/sessions/${id}`).catch(() => undefined);
      // Off the clock: the page opens afresh (letting go of the session's rows) and the app finishes
      // its checkpoint before the chain's next stage starts. That stage is always the reader (the
      // rounds rotate the order, they do not shuffle it), and one run right after a page run read
      // 767 ms against ~630 ms.
      await page.goto(`${this.app!.origin}/`);
      await sleep(SETTLE_MS);
    }
  }

  async stop(): Promise<void> {
    await this.browser?.close().catch(() => undefined);
    await this.app?.stop();
    this.browser = null;
    this.app = null;
  }
}

type StageAsk = { op: 'run'; command: string; args: string[] } | { op: 'stop' };
type StageReply = { op: 'started' } | { op: 'ran'; run: PageRun; errors: string[] } | { op: 'stopped' } | { op: 'failed'; message: string };

/** A PageStage in a child process (see the header): the same calls, each one message there and back. */
export class PageStageProcess {
  private child: ChildProcess | null = null;
  private waiting: ((r: StageReply) => void) | null = null;
  private consoleErrors: string[] = [];

  async start(): Promise<void> {
    this.child = fork(fileURLToPath(import.meta.url), ['--serve'], { execArgv: ['--import', 'tsx'], stdio: ['ignore', 'inherit', 'inherit', 'ipc'], serialization: 'advanced' });
    this.child.on('message', (r: StageReply) => {
      const w = this.waiting;
      this.waiting = null;
      w?.(r);
    });
    this.child.once('exit', (code) => this.waiting?.({ op: 'failed', message: `the page stage's process exited (${code})` }));
    await this.reply();
  }

  get errors(): readonly string[] {
    return this.consoleErrors;
  }

  async run(command: string, args: string[]): Promise<PageRun> {
    const r = await this.ask({ op: 'run', command, args });
    if (r.op !== 'ran') throw new Error(`the page stage did not run: ${r.op === 'failed' ? r.message : r.op}`);
    this.consoleErrors = r.errors;
    return r.run;
  }

  async stop(): Promise<void> {
    if (!this.child || this.child.exitCode !== null) return;
    await this.ask({ op: 'stop' }).catch(() => undefined);
    this.child = null;
  }

  private ask(a: StageAsk): Promise<StageReply> {
    const answer = this.reply();
    this.child!.send(a);
    return answer;
  }

  private reply(): Promise<StageReply> {
    return new Promise((resolve, reject) => {
      this.waiting = (r) => (r.op === 'failed' ? reject(new Error(r.message)) : resolve(r));
    });
  }
}

// The child's side: `node --import tsx bench/chain-page.ts --serve`, driven over IPC by PageStageProcess.
if (process.argv[2] === '--serve' && process.argv[1] && import.meta.url === pathToFileURL(process.argv[1]).href) {
  const stage = new PageStage();
  const say = (r: StageReply) => process.send!(r);
  const failed = (err: unknown) => say({ op: 'failed', message: err instanceof Error ? err.stack ?? err.message : String(err) });
  stage.start().then(() => say({ op: 'started' }), failed);
  process.on('message', (a: StageAsk) => {
    if (a.op === 'run') stage.run(a.command, a.args).then((run) => say({ op: 'ran', run, errors: [...stage.errors] }), failed);
    else void stage.stop().then(() => {
      say({ op: 'stopped' });
      process.disconnect();
    });
  });
}
