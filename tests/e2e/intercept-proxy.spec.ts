/**
 * Intercept through the HTTP proxy tap in the browser: `rpcscope tap --listen … --to …` in front
 * of the http-peer fixture, on the app's data directory. The user turns Intercept on with
 * `method:sum kind:request`; a client's POST shows in the same Held list as a stdio tap's, and its
 * row's status column says "held" (the client waits: nothing reached the server). Edited and
 * forwarded, the server answers the edit; a second one dropped gets rpcscope's JSON-RPC error at
 * once and its row says "dropped". The edited one's row carries the "edited" badge, and the panel's
 * hint words order per lane (a proxy tap holds up only the rest of a POST, stream or socket).
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { test, expect } from './helpers/fixtures';
import { openApp, rowBySeq, setEditor } from './helpers/app';
import { REPO_ROOT } from './helpers/server';
import { startPeer, type RunningPeer } from '../fixtures/peers/start-peer';

const SHOTS = process.env.INTERCEPT_SHOTS_DIR;
let tap: ChildProcess | null = null;
let peer: RunningPeer | null = null;
test.afterEach(async () => {
  if (tap && tap.exitCode === null) tap.kill('SIGKILL');
  await peer?.stop();
});

function startTap(dataDir: string, to: string): Promise<string> {
  tap = spawn(process.execPath, ['bin/rpcscope.mjs', 'tap', '--data-dir', dataDir, '--name', 'http tap', '--listen', '127.0.0.1:0', '--to', to], { cwd: REPO_ROOT, stdio: ['ignore', 'ignore', 'pipe'] });
  let said = '';
  return new Promise((resolve, reject) => {
    tap!.stderr!.setEncoding('utf8').on('data', (s: string) => {
      said += s;
      const m = /listening on (http:\/\/127\.0\.0\.1:\d+)/.exec(said);
      if (m) resolve(m[1]);
    });
    tap!.once('exit', (code) => reject(new Error(`the tap exited (${code}): ${said}`)));
  });
}

test('a held POST is edited in the panel and forwarded (the server answers the edit); a dropped one gets rpcscope’s error', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(120_000);
  await page.setViewportSize({ width: 1440, height: 1000 });
  peer = await startPeer('http-peer');
  const origin = await startTap(app.dataDir, `http://127.0.0.1:${peer.port}/`);
  const post = (params: number[], id: number) =>
    fetch(origin, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ jsonrpc: '2.0', id, method: 'sum', params }) }).then((r) => r.json() as Promise<{ result?: number; error?: { message: string } }>);
  expect((await post([1, 2], 1)).result).toBe(3);

  await openApp(page, app);
  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^http tap, live/ }).click({ timeout: 20_000 });
  const panel = page.getByRole('region', { name: 'Intercept' });
  await expect(panel.getByRole('button', { name: 'Intercept off' })).toBeVisible({ timeout: 15_000 });
  await panel.getByLabel('Breakpoints').fill('method:sum kind:request');
  await panel.getByRole('button', { name: 'Intercept off' }).click();
  await expect(panel.getByRole('button', { name: 'Intercept on' })).toBeVisible();
  // A proxy tap keeps order per POST, stream and socket: the hint does not speak of directions.
  await expect(panel.getByTestId('intercept-lanes')).toContainText('only what comes behind it on its own lane');

  let answeredEarly = false;
  const edited = post([2, 2], 2).finally(() => (answeredEarly = true));
  const held = panel.locator('[data-testid="held-message"][data-kind="request"]');
  await expect(held).toBeVisible({ timeout: 15_000 });
  await expect(held).toContainText('client → server');
  await expect(held.getByTestId('held-waiting')).toHaveText('the server has not received it — the client is waiting for its answer');
  const seq = Number((await held.getByRole('button', { name: /^#\d+$/ }).textContent())!.slice(1));
  await expect(rowBySeq(page, seq).locator('[data-col="status"]')).toHaveText('held');
  expect(answeredEarly).toBe(false);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/intercept-proxy-held.png` });

  await held.getByRole('button', { name: 'Edit…' }).click();
  await setEditor(page, held.getByTestId('held-editor').locator('.cm-content'), JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'sum', params: [40, 2] }));
  await held.getByRole('button', { name: 'Forward edited' }).click();
  expect((await edited).result, 'the server answered the edited POST').toBe(42);
  await expect(panel.getByTestId('held-message')).toHaveCount(0);

  const dropped = post([5, 5], 3);
  const second = panel.locator('[data-testid="held-message"][data-kind="request"]');
  await expect(second).toBeVisible({ timeout: 15_000 });
  const droppedSeq = Number((await second.getByRole('button', { name: /^#\d+$/ }).textContent())!.slice(1));
  await second.getByRole('button', { name: 'Drop' }).click();
  expect((await dropped).error?.message).toMatch(/^rpcscope tap: dropped at a breakpoint/);
  await expect(rowBySeq(page, droppedSeq).locator('[data-col="status"]')).toHaveText('dropped');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/intercept-proxy-dropped.png` });

  // held → edited → forwarded: the row carries the edited badge.
  await expect(rowBySeq(page, seq).locator('[data-mark="edited"]')).toHaveText('edited');
  await rowBySeq(page, seq).click();
  await expect(page.getByTestId('inspector-marks')).toHaveText('edited');
  const note = page.getByTestId('intercept-note');
  await expect(note).toHaveAttribute('data-state', 'edited');
  await expect(note.getByTestId('intercept-sent')).toContainText('[40,2]');
});
