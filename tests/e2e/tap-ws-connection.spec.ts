/**
 * Which WebSocket an injection goes into, in the browser: `rpcscope tap --listen … --to ws://…` in
 * front of a real `ws` server, with two real `ws` clients connected through it. The composer's
 * inject bar shows the connection it aims at (the newest open one by default: #2), lists both with
 * their client address and path, and after the user picks #1 a notification injected "to client"
 * reaches the first client only; the inspector names the entry's connection.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import type { AddressInfo } from 'node:net';
import WebSocket, { WebSocketServer } from 'ws';
import { test, expect } from './helpers/fixtures';
import { openApp, rows, setEditor } from './helpers/app';
import { REPO_ROOT } from './helpers/server';

let tap: ChildProcess | null = null;
let wss: WebSocketServer | null = null;
const clients: WebSocket[] = [];
test.afterEach(async () => {
  for (const c of clients.splice(0)) c.terminate();
  if (tap && tap.exitCode === null) tap.kill('SIGKILL');
  await new Promise((r) => (wss ? wss.close(r) : r(undefined)));
});

function startTap(dataDir: string, to: string): Promise<number> {
  tap = spawn(process.execPath, ['bin/rpcscope.mjs', 'tap', '--data-dir', dataDir, '--name', 'ws tap', '--listen', '127.0.0.1:0', '--to', to], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  return new Promise((resolve, reject) => {
    tap!.stderr!.setEncoding('utf8').on('data', (s: string) => {
      said += s;
      const m = /listening on http:\/\/127\.0\.0\.1:(\d+)/.exec(said);
      if (m) resolve(Number(m[1]));
    });
    tap!.once('exit', (code) => reject(new Error(`the tap exited (${code}): ${said}`)));
  });
}

async function connect(url: string): Promise<{ got: string[] }> {
  const ws = new WebSocket(url);
  clients.push(ws);
  const got: string[] = [];
  ws.on('message', (d) => got.push(String(d)));
  await new Promise((r, j) => ws.once('open', r).once('error', j));
  return { got };
}

test('the composer shows which WebSocket it injects into, and a picked one gets the message alone', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  wss = new WebSocketServer({ host: '127.0.0.1', port: 0 });
  await new Promise((r) => wss!.once('listening', r));
  const port = await startTap(app.dataDir, `ws://127.0.0.1:${(wss.address() as AddressInfo).port}/`);
  const first = await connect(`ws://127.0.0.1:${port}/editor`);
  const second = await connect(`ws://127.0.0.1:${port}/agent`);

  await openApp(page, app);
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^ws tap, live/ }).click({ timeout: 20_000 });
  const bar = page.getByTestId('inject-to');
  const conn = bar.getByTestId('inject-conn');
  // The default, shown: the newest open connection.
  await expect(conn).toHaveAttribute('data-conn', '2', { timeout: 15_000 });
  const select = conn.getByRole('combobox', { name: 'Into which WebSocket' });
  await expect(select.locator('option:checked')).toHaveText(/^newest: #2 · 127\.0\.0\.1:\d+ \/agent · \d\d:\d\d:\d\d$/);
  await expect(select.locator('option')).toHaveText([/^newest: #2/, /^#1 · 127\.0\.0\.1:\d+ \/editor/, /^#2 · 127\.0\.0\.1:\d+ \/agent/]);

  await select.selectOption({ label: (await select.locator('option').nth(1).textContent())! });
  await expect(conn).toHaveAttribute('data-conn', '1');
  await bar.getByRole('radio', { name: 'to client' }).click();
  const b = page.getByTestId('request-builder');
  await b.getByLabel('Method', { exact: true }).fill('hello');
  await b.getByLabel('Id policy').selectOption('none');
  await b.getByRole('radio', { name: 'By name { }' }).click();
  await setEditor(page, b.getByRole('textbox', { name: 'Params (by name)' }), '{"to":"the editor"}');
  await b.getByTestId('builder-send').click();
  await expect(b.getByTestId('send-status')).toContainText('Injected to client');
  await expect.poll(() => first.got.some((t) => t.includes('the editor')), { message: 'the first client got it', timeout: 15_000 }).toBe(true);
  expect(second.got).toEqual([]);

  const injected = rows(page).and(page.locator('[data-kind="notification"]')).filter({ has: page.getByRole('cell', { name: 'hello' }) }).last();
  await expect(injected.locator('[data-mark="injected"]')).toHaveText('injected');
  await injected.click();
  await page.getByTestId('inspector').getByRole('tab', { name: 'Transport' }).click();
  await expect(page.getByTestId('inspector')).toContainText('#1 (the tap');
  await page.screenshot({ path: 'screenshots/tap-ws-connection.png' });
});
