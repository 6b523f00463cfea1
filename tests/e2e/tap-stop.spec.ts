/**
 * "Stop tap…" on a tapped stdio conversation: a real `rpcscope tap` between this test (the client)
 * and the stdio fixture peer, recording into the app. A tap session's top bar offers no
 * Disconnect (which did nothing to a tap); "Stop tap…" asks first, naming the client and the
 * server it will lose; Cancel leaves the conversation alone; Stop tap ends it — the client's
 * stdout ends, the tap exits with the server's code, and the session is shown ended.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { test, expect } from './helpers/fixtures';
import { openApp } from './helpers/app';
import { REPO_ROOT } from './helpers/server';

test.describe('stop a tap from the app', () => {
  let tap: ChildProcess | undefined;
  test.afterEach(() => {
    if (tap && tap.exitCode === null && tap.signalCode === null) tap.kill('SIGKILL');
  });

  test('Stop tap… names what the client loses, Cancel keeps the talk going, Stop tap ends it', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 900 });
    tap = spawn(
      process.execPath,
      ['bin/rpcscope.mjs', 'tap', '--data-dir', app.dataDir, '--name', 'stop e2e', '--framing', 'newline', '--', process.execPath, path.join('tests/fixtures/peers/stdio-peer.mjs'), '--framing', 'newline'],
      { cwd: REPO_ROOT, stdio: ['pipe', 'pipe', 'ignore'] },
    );
    const exited = new Promise<number | null>((r) => tap!.once('exit', (code) => r(code)));
    let said = '';
    let clientEnded = false;
    tap.stdout!.setEncoding('utf8').on('data', (s: string) => (said += s));
    tap.stdout!.once('end', () => (clientEnded = true));
    tap.stdin!.write('{"jsonrpc":"2.0","id":1,"method":"sum","params":[1,2]}\n');
    await expect.poll(() => said.includes('"result":3'), { message: 'the client got its answer through the tap', timeout: 40_000 }).toBe(true);

    await openApp(page, app);
    await page.getByRole('button', { name: /^stop e2e, live/ }).click({ timeout: 20_000 });
    const bar = page.getByTestId('active-session');
    await expect(bar.getByRole('button', { name: 'Disconnect' })).toHaveCount(0);

    // Cancel: nothing happens to the conversation.
    await bar.getByRole('button', { name: 'Stop tap…' }).click();
    const dialog = page.getByTestId('stop-tap-dialog');
    await expect(dialog).toContainText('will lose its server');
    await expect(dialog).toContainText('stdio-peer.mjs');
    await expect(dialog).toContainText('Messages held by breakpoints are forwarded first');
    await page.screenshot({ path: 'screenshots/tap-stop-confirm.png' });
    await dialog.getByRole('button', { name: 'Cancel' }).click();
    await expect(dialog).toHaveCount(0);
    tap.stdin!.write('{"jsonrpc":"2.0","id":2,"method":"sum","params":[2,3]}\n');
    await expect.poll(() => said.includes('"result":5'), { message: 'the talk goes on after Cancel', timeout: 15_000 }).toBe(true);

    // Stop tap: the server's stdin closes, it exits 0, the client's stdout ends, the session is ended.
    await bar.getByRole('button', { name: 'Stop tap…' }).click();
    await dialog.getByRole('button', { name: 'Stop tap' }).click();
    await expect(dialog).toHaveCount(0);
    expect(await exited).toBe(0);
    await expect.poll(() => clientEnded, { message: 'the client’s stdout ended' }).toBe(true);
    await expect(bar.getByRole('button', { name: 'Stop tap…' })).toHaveCount(0, { timeout: 15_000 });
    await expect(page.getByText(/stopped from the app/).first()).toBeVisible();
    await page.screenshot({ path: 'screenshots/tap-stop-ended.png' });
  });
});
