/**
 * The HTML export as a teammate without rpcscope opens it: from disk (file://), network off, in
 * Debian's Chromium. The timeline, filters and inspector must work, nothing may be fetched, and
 * every entry must say what the app says about it (status, error name, pairing).
 */
import { copyFileSync, mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { buildHtmlExport } from '../../lib/export/html';
import { redactSessionFile } from '../../lib/redaction';
import type { SessionFileV1, SessionSummary, TrafficEvent } from '../../lib/session/types';
import { viewerScript } from '../../server/export-viewer';
import { peerPath } from '../fixtures/peers/start-peer';
import { expect, test } from './helpers/fixtures';
import { apiSend, openApp, rowBySeq, rowCells, rows } from './helpers/app';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import type { RunningApp } from './helpers/server';

const HOSTILE = '</script><img src=x onerror="window.__pwned=1"><script>window.__pwned=2</script>';
const EVENTS = 5000;

function bigSession(): SessionFileV1 {
  const start = Date.parse('2026-02-03T10:00:00.000Z');
  const events: TrafficEvent[] = [];
  for (let i = 0; i < EVENTS; i += 2) {
    const id = i / 2 + 1;
    const method = id % 10 === 0 ? 'textDocument/hover' : 'workspace/symbol';
    const out = `{"jsonrpc":"2.0","id":${id},"method":"${method}","params":{"query":"q${id}"}}`;
    const failed = id % 50 === 0;
    const back = failed
      ? `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"Method not found"}}`
      : `{"jsonrpc":"2.0","id":${id},"result":[]}`;
    events.push({ seq: i + 1, t: i, time: start + i, dir: 'out', kind: 'request', raw: out, id, idText: String(id), method, pair: i + 2, state: 'answered', findings: [] });
    events.push({
      seq: i + 2, t: i + 1, time: start + i + 1, dir: 'in', kind: failed ? 'error' : 'response', raw: back, id, idText: String(id), pair: i + 1, latencyMs: 1.5, findings: [],
      ...(failed ? { error: { code: -32601, name: 'Method not found', message: 'Method not found', meaning: 'The method does not exist / is not available.', source: 'jsonrpc' } } : {}),
    });
  }
  events.push({
    seq: EVENTS + 1, t: EVENTS, time: start + EVENTS, dir: 'in', kind: 'noise', raw: HOSTILE, reason: 'not-json',
    findings: [{ rule: 'not-json', severity: 'error', message: `<b>${HOSTILE}</b>` }],
  });
  return {
    format: 'rpcscope-session', version: 1, name: `LSP ${HOSTILE}`, startedAt: new Date(start).toISOString(),
    target: { kind: 'stdio', command: 'typescript-language-server', args: ['--stdio'], env: { API_TOKEN: 'tok-123456789' }, framing: 'content-length' },
    events,
  };
}

let dir: string;
let fileUrl: string;

test.beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-html-'));
  const file = path.join(dir, 'session.rpcscope.html');
  writeFileSync(file, buildHtmlExport(redactSessionFile(bigSession()).file, viewerScript()));
  fileUrl = pathToFileURL(file).href;
});

test.afterAll(() => {
  rmSync(dir, { recursive: true, force: true });
});

test('the HTML export opens from disk with the network off and shows the timeline, filters and inspector', async ({ page, context }) => {
  const fetched: string[] = [];
  const problems: string[] = [];
  await context.route('**/*', (route) => {
    const url = route.request().url();
    if (url.startsWith('file:')) return route.continue();
    fetched.push(url);
    return route.abort();
  });
  await context.setOffline(true);
  page.on('request', (req) => {
    if (!req.url().startsWith('file:')) fetched.push(req.url());
  });
  page.on('console', (msg) => {
    if (msg.type() === 'error') problems.push(msg.text());
  });
  page.on('pageerror', (err) => problems.push(err.message));

  await page.goto(fileUrl);
  const rows = page.locator('.row');
  await expect(rows.first()).toBeVisible();
  await expect(rows.first()).toContainText('workspace/symbol');
  await expect(page.getByText(`${EVENTS + 1} of ${EVENTS + 1} events`, { exact: true })).toBeVisible();
  // Rendered in windows: a few dozen rows exist, not thousands.
  expect(await rows.count()).toBeLessThan(200);
  await expect(page.locator('h1')).toHaveText(`LSP ${HOSTILE}`);
  await expect(page.getByText(/redacted: process-env/)).toBeVisible();

  // Filters: text, direction, errors only.
  await page.getByLabel('Filter text').fill('textDocument/hover');
  await expect(page.getByText(`250 of ${EVENTS + 1} events`, { exact: true })).toBeVisible();
  await page.getByLabel('Filter text').fill('');
  await page.getByLabel('Direction').selectOption('in');
  await page.getByText(/ errors only/).click();
  await expect(page.getByText(`51 of ${EVENTS + 1} events`, { exact: true })).toBeVisible();
  // A reply that is an error shows its decoded name, as the app's status column does.
  await expect(rows.first()).toContainText('Method not found');

  // Inspector: decoded error, pretty JSON and the exact raw text.
  await rows.first().click();
  await expect(page.getByRole('heading', { name: 'Decoded error' })).toBeVisible();
  await expect(page.locator('.inspector')).toContainText('The method does not exist / is not available.');
  await expect(page.locator('.inspector pre').last()).toHaveText('{"jsonrpc":"2.0","id":50,"error":{"code":-32601,"message":"Method not found"}}');
  await expect(page.locator('.inspector')).toContainText('paired with');

  // Peer text is shown as text: the hostile frame creates no element and runs nothing.
  await page.getByLabel('Direction').selectOption('');
  await page.getByText(/ errors only/).click();
  await page.getByLabel('Filter text').fill('onerror');
  await expect(page.getByText(`1 of ${EVENTS + 1} events`, { exact: true })).toBeVisible();
  await rows.first().click();
  await expect(page.locator('.inspector pre').last()).toHaveText(HOSTILE);
  expect(await page.locator('img').count()).toBe(0);
  expect(await page.evaluate(() => (window as unknown as { __pwned?: number }).__pwned)).toBeUndefined();

  // Scrolling far down renders the last rows.
  await page.getByLabel('Filter text').fill('');
  await expect(page.getByText(`${EVENTS + 1} of ${EVENTS + 1} events`, { exact: true })).toBeVisible();
  await page.locator('.scroller').evaluate((el) => (el.scrollTop = el.scrollHeight));
  await expect(page.locator('.row', { hasText: String(EVENTS + 1) }).first()).toBeVisible();

  expect(fetched).toEqual([]);
  expect(problems).toEqual([]);
});

/** What one entry says: every timeline cell but the clock, plus the inspector's pairing and error name. */
interface EntryView {
  seq: number;
  cells: string[];
  pair: number | null;
  errorName: string | null;
}

const numberIn = (text: string | null) => (text === null ? null : Number(/#(\d+)/.exec(text)?.[1] ?? NaN));
const withoutClock = (cells: string[]) => cells.filter((_, i) => i !== 1).map((c) => c.trim());

/** The viewer's columns: all of the app's, left to right, Summary last (lib/timeline/columns.ts). */
const VIEWER_COLUMNS = 10;

async function appEntries(page: Page, seqs: number[]): Promise<EntryView[]> {
  const out: EntryView[] = [];
  const inspector = page.getByTestId('inspector');
  for (const seq of seqs) {
    const row = rowBySeq(page, seq);
    await row.click();
    await expect(inspector).toHaveAttribute('data-seq', String(seq));
    const pairButton = inspector.getByRole('button', { name: /^(Request|Response) #\d+/ });
    const error = inspector.getByTestId('decoded-error');
    out.push({
      seq,
      cells: withoutClock((await rowCells(row)).slice(0, VIEWER_COLUMNS)),
      pair: (await pairButton.count()) ? numberIn(await pairButton.textContent()) : null,
      errorName: (await error.count()) ? await error.locator('span').nth(1).textContent() : null,
    });
  }
  return out;
}

async function exportEntries(page: Page, seqs: number[]): Promise<EntryView[]> {
  const out: EntryView[] = [];
  const inspector = page.locator('.inspector');
  for (const seq of seqs) {
    const row = page.locator(`.row[data-seq="${seq}"]`);
    await row.click();
    await expect(inspector).toHaveAttribute('data-seq', String(seq));
    const pair = inspector.locator('tr[data-key="paired with"] td').nth(1);
    const name = inspector.locator('tr[data-key="name"] td').nth(1);
    out.push({
      seq,
      cells: withoutClock(await row.locator('span').allInnerTexts()),
      pair: (await pair.count()) ? numberIn(await pair.textContent()) : null,
      errorName: (await name.count()) ? await name.textContent() : null,
    });
  }
  return out;
}

async function openStdioSession(page: Page, app: RunningApp): Promise<string> {
  const res = await page.request.post(`${app.origin}/api/sessions`, {
    headers: { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' },
    data: {
      name: 'troubled peer',
      timeoutMs: 400,
      // --banner: a line of noise before the first message.
      target: { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline', '--banner'], framing: 'newline' },
    },
  });
  expect(res.ok(), await res.text()).toBe(true);
  const { session } = (await res.json()) as { session: SessionSummary };
  await page.getByRole('navigation', { name: 'Sessions' }).locator(`[data-session-id="${session.id}"]`).click();
  await expect(page.getByTestId('active-session')).toContainText(session.name);
  return session.id;
}

test('the HTML export shows the same status, error name and pairing as the app for every entry, errors, timeouts and invalid messages included', async ({ page, app, context, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1440, height: 1300 });
  await openApp(page, app);
  const id = await openStdioSession(page, app);
  const send = (text: string) => apiSend(page, app, id, text);
  await send('{"jsonrpc":"2.0","id":1,"method":"subtract","params":[42,23]}');
  await send('{"jsonrpc":"2.0","id":2,"method":"nope_missing"}');
  await send('{"jsonrpc":"2.0","id":3,"method":"fail","params":{"code":-32001,"message":"custom failure"}}');
  const slow = await send('{"jsonrpc":"2.0","id":4,"method":"sleep","params":{"ms":1200}}');
  const lost = await send('{"jsonrpc":"2.0","id":5,"method":"reply_wrong_id"}');
  await send('{"jsonrpc":"2.0","id":6,"method":"reply_twice"}');
  await send('{"jsonrpc":"2.0","id":7,"method":"reply_bad_version"}');
  await send('{"jsonrpc":"2.0","method":1,"params":"bar"}');
  await send('{"jsonrpc":"2.0","id":8,"method":');
  await send('{"jsonrpc":"2.0","method":"notify_hello","params":[7]}');
  // The slow request times out at 400 ms and is answered late; the one answered with a wrong id times out.
  await expect(rowBySeq(page, slow).getByRole('cell').nth(7)).toHaveText('late', { timeout: 15_000 });
  await expect(rowBySeq(page, lost).getByRole('cell').nth(7)).toHaveText('timed out', { timeout: 15_000 });

  const seqs = await rows(page).evaluateAll((els) => els.map((e) => Number(e.getAttribute('data-seq'))));
  const inApp = await appEntries(page, seqs);
  const statuses = inApp.map((e) => e.cells[6]);
  // The session holds what the viewer used to get wrong or never saw: make sure it really does.
  for (const want of ['ok', 'Method not found', 'late', 'timed out', 'orphan', 'duplicate', 'invalid', 'parse error']) {
    expect(statuses.some((s) => s.includes(want)), `an entry with status "${want}" in ${JSON.stringify(statuses)}`).toBe(true);
  }
  expect(inApp.filter((e) => e.cells[2] === 'request' && e.errorName === 'Method not found')).toHaveLength(1);
  expect(statuses.some((s) => s.startsWith('noise'))).toBe(true);

  // Export it the way a user does: the dialog offers every format; HTML is downloaded after a preview.
  await page.getByTestId('active-session').getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByTestId('export-dialog');
  await expect(dialog.getByRole('radio', { name: /NDJSON/ })).toBeEnabled();
  await expect(dialog.getByRole('radio', { name: /HAR/ })).toBeDisabled(); // not an HTTP session
  await dialog.getByRole('radio', { name: /HTML page/ }).check();
  await dialog.getByTestId('export-preview').click();
  await expect(dialog.getByTestId('export-download')).toBeEnabled();
  const [download] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  expect(download.suggestedFilename()).toBe('troubled-peer.rpcscope.html');
  const dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-html-same-'));
  try {
    const file = path.join(dir, download.suggestedFilename());
    copyFileSync((await download.path())!, file);
    const viewer = await context.newPage();
    const problems: string[] = [];
    viewer.on('pageerror', (err) => problems.push(err.message));
    await viewer.setViewportSize({ width: 1440, height: 1300 });
    await viewer.goto(pathToFileURL(file).href);
    await expect(viewer.getByText(`${seqs.length} of ${seqs.length} events`, { exact: true })).toBeVisible();
    expect(await exportEntries(viewer, seqs)).toEqual(inApp);
    expect(problems).toEqual([]);
    await viewer.close();
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
