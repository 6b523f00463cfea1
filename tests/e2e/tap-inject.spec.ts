/**
 * Injecting into a tapped stdio conversation from the composer: a real `rpcscope tap` sits
 * between this test (the client, writing to the tap's stdin and reading its stdout) and the stdio
 * fixture peer, recording into the app on the same data directory. The user picks the tap
 * session, chooses "to server", sends a request: it is answered, marked injected in the timeline
 * and the inspector, and the client never gets the answer. "To client" delivers a notification
 * to the client as if the server had sent it. The HTML export shows the same marks.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { mkdtempSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { openApp, rows, setEditor } from './helpers/app';
import { REPO_ROOT } from './helpers/server';
import { TOKEN_HEADER } from '../../lib/session/bridge';

/** The newest row of that kind whose method cell mentions `method` (a mark's word goes before it). */
const row = (page: Page, kind: string, method: string) => rows(page).and(page.locator(`[data-kind="${kind}"]`)).filter({ has: page.getByRole('cell', { name: method }) }).last();

test.describe('inject into a tapped conversation', () => {
  let tap: ChildProcess | undefined;
  test.afterEach(async () => {
    if (tap && tap.exitCode === null) {
      const exited = new Promise((r) => tap!.once('exit', r));
      tap.stdin!.end();
      const kill = setTimeout(() => tap!.kill('SIGKILL'), 10_000);
      await exited;
      clearTimeout(kill);
    }
  });

  test('to server: the injected request is answered, marked injected, and the client never sees the answer', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 1000 });
    tap = spawn(
      process.execPath,
      ['bin/rpcscope.mjs', 'tap', '--data-dir', app.dataDir, '--name', 'injected e2e', '--framing', 'newline', '--', process.execPath, path.join('tests/fixtures/peers/stdio-peer.mjs'), '--framing', 'newline'],
      { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'ignore'] },
    );
    // Everything the client is handed, line by line.
    const seenByClient: { id?: unknown; method?: string; result?: unknown }[] = [];
    let buffered = '';
    tap.stdout!.setEncoding('utf8').on('data', (s: string) => {
      buffered += s;
      for (let nl = buffered.indexOf('\n'); nl >= 0; nl = buffered.indexOf('\n')) {
        const line = buffered.slice(0, nl);
        buffered = buffered.slice(nl + 1);
        if (line.trim()) seenByClient.push(JSON.parse(line));
      }
    });
    // The client's own first call starts the conversation.
    tap.stdin!.write('{"jsonrpc":"2.0","id":1,"method":"sum","params":[1,2]}\n');
    await expect.poll(() => seenByClient.length, { message: 'the client got its own answer (the tap starts the server)', timeout: 30_000 }).toBe(1);

    await openApp(page, app);
    // The tap's session reaches the app within a second or so; on a busy machine give it longer.
    await page.getByRole('button', { name: /^injected e2e, live/ }).click({ timeout: 20_000 });
    const composerBar = page.getByTestId('inject-to');
    await expect(composerBar.getByRole('radio', { name: 'to server' })).toHaveAttribute('aria-checked', 'true');

    const b = page.getByTestId('request-builder');
    await b.getByLabel('Method', { exact: true }).fill('subtract');
    await b.getByRole('radio', { name: 'By position [ ]' }).click();
    await setEditor(page, b.getByRole('textbox', { name: 'Params (by position)' }), '[50, 8]');
    await b.getByTestId('builder-send').click();
    const status = b.getByTestId('send-status');
    await expect(status).toContainText('Injected to server');
    await expect(status).toContainText('answered');

    const injected = row(page, 'request', 'subtract');
    await expect(injected).toHaveAttribute('data-dir', 'out');
    await expect(injected.locator('[data-mark="injected"]')).toHaveText('injected');
    await expect(injected.locator('[data-mark="injected"]')).toHaveAttribute('title', /written to the server as if from the client/);
    const answer = row(page, 'response', '↳ subtract');
    await expect(answer.locator('[data-mark="consumed"]')).toHaveText('consumed');
    await injected.click();
    await expect(page.getByTestId('inspector-marks')).toHaveText('injected');
    await page.keyboard.press('p');
    await expect(page.getByTestId('inspector-marks')).toHaveText('consumed');
    await expect(page.getByTestId('inspector').getByRole('tree')).toContainText('42');
    await page.screenshot({ path: 'screenshots/tap-inject-to-server.png' });

    // The filter finds what was injected.
    await page.getByLabel('Filter the timeline').fill('has:injected');
    await expect(rows(page)).toHaveCount(1);
    await page.getByLabel('Filter the timeline').fill('');

    // To client: a notification reaches the client as if the server had sent it.
    await composerBar.getByRole('radio', { name: 'to client' }).click();
    await b.getByLabel('Method', { exact: true }).fill('window/showMessage');
    await b.getByLabel('Id policy').selectOption('none');
    await b.getByRole('radio', { name: 'By name { }' }).click();
    await setEditor(page, b.getByRole('textbox', { name: 'Params (by name)' }), '{"message":"from rpcscope"}');
    await b.getByTestId('builder-send').click();
    await expect(status).toContainText('Injected to client');
    await expect.poll(() => seenByClient.some((m) => m.method === 'window/showMessage'), { message: 'the client got the injected notification', timeout: 15_000 }).toBe(true);
    await expect(row(page, 'notification', 'window/showMessage')).toHaveAttribute('data-dir', 'in');

    // The client's own conversation goes on, and it never saw an answer it did not ask for.
    tap.stdin!.write('{"jsonrpc":"2.0","id":2,"method":"sum","params":[2,3]}\n');
    await expect.poll(() => seenByClient.filter((m) => m.id === 2).length, { timeout: 15_000 }).toBe(1);
    expect(seenByClient.filter((m) => m.method === undefined).map((m) => [m.id, m.result])).toEqual([[1, 3], [2, 5]]);

    // The HTML export shows the same marks (its viewer reads lib/timeline/marks.ts too).
    const sessionId = await page.evaluate(() => window.sessionStorage.getItem('rpcscope.activeSession'));
    const exported = await page.request.get(`${app.origin}/api/sessions/${sessionId}/export?format=html`, { headers: { [TOKEN_HEADER]: app.token } });
    expect(exported.ok()).toBe(true);
    const dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-inject-html-'));
    try {
      const file = path.join(dir, 'tap.rpcscope.html');
      writeFileSync(file, await exported.body());
      await page.goto(pathToFileURL(file).href);
      const badge = page.locator('.row .mark-injected').first();
      await expect(badge).toHaveText('injected');
      await expect(badge).toHaveAttribute('title', /written to the server as if from the client/);
      await expect(page.locator('.row .mark-consumed')).toHaveCount(1);
      await badge.click();
      await expect(page.locator('tr[data-key="marked"]')).toContainText('injected: Injected by rpcscope');
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
