/**
 * The HTML export as a teammate without rpcscope opens it: from disk (file://), network off, in
 * Debian's Chromium. The timeline, filters and inspector must work, and nothing may be fetched.
 */
import { expect, test } from '@playwright/test';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import { buildHtmlExport } from '../../lib/export/html';
import { redactSessionFile } from '../../lib/redaction';
import type { SessionFileV1, TrafficEvent } from '../../lib/session/types';

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
  writeFileSync(file, buildHtmlExport(redactSessionFile(bigSession()).file));
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
  await expect(rows.first()).toContainText('error -32601');

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
