import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { test, expect } from './helpers/fixtures';
import { apiSend, connectForm, openApp, rows, submitConnect } from './helpers/app';
import { startPeer, type RunningPeer } from '../fixtures/peers/start-peer';

const peers: RunningPeer[] = [];
test.afterAll(async () => {
  await Promise.all(peers.splice(0).map((p) => p.stop()));
});

test.describe('HTTP, WebSocket, TCP and Unix socket targets', () => {
  test('HTTP: a 401 shows its status and WWW-Authenticate; the header fixes it', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 1440, height: 900 });
    const peer = await startPeer('http-peer', ['--auth', 's3cret']);
    peers.push(peer);
    await openApp(page, app);

    let form = await connectForm(page);
    await form.getByRole('radio', { name: 'HTTP' }).click();
    await form.getByLabel('URL').fill(`http://127.0.0.1:${peer.port}/`);
    const refused = await submitConnect(page, form);
    await apiSend(page, app, refused, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_data' }));
    // The 401 body is not JSON-RPC; it is still recorded, with its status line and headers.
    const incoming = page.locator('[data-testid="timeline-scroll"] [role=row][data-dir="in"]').last();
    await expect(incoming).toBeVisible();
    await incoming.click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByRole('tab', { name: 'HTTP' }).click();
    await expect(inspector.getByTestId('http-status')).toHaveText(/401/);
    await expect(inspector).toContainText('www-authenticate');
    await expect(inspector).toContainText('invalid_token');

    form = await connectForm(page);
    await form.getByRole('radio', { name: 'HTTP' }).click();
    await form.getByRole('button', { name: 'Add header' }).click();
    await form.getByLabel('Header 1 name').fill('Authorization');
    await form.getByLabel('Header 1 value').fill('Bearer s3cret');
    await page.screenshot({ path: 'screenshots/connect-http-form.png' });
    const ok = await submitConnect(page, form);
    await apiSend(page, app, ok, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'subtract', params: [42, 23] }));
    const response = rows(page).filter({ has: page.getByRole('cell', { name: '↳ subtract' }) });
    await expect(response.getByRole('cell').nth(7)).toHaveText('ok');
    await response.click();
    await inspector.getByRole('tab', { name: 'HTTP' }).click();
    await expect(inspector.getByTestId('http-status')).toHaveText(/200/);
  });

  test('WebSocket: subprotocols are offered, and bytes that are not UTF-8 show as hex', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    const peer = await startPeer('ws-peer', ['--subprotocols', 'jsonrpc']);
    peers.push(peer);
    await openApp(page, app);
    const form = await connectForm(page);
    await form.getByRole('radio', { name: 'WebSocket' }).click();
    await form.getByLabel('URL').fill(`ws://127.0.0.1:${peer.port}/`);
    await form.getByLabel('Subprotocols').fill('jsonrpc');
    const id = await submitConnect(page, form);

    await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'get_headers' }));
    const answer = rows(page).filter({ has: page.getByRole('cell', { name: '↳ get_headers' }) });
    await answer.click();
    const inspector = page.getByTestId('inspector');
    await expect(inspector.getByRole('tree')).toContainText('"protocol"');
    await expect(inspector.getByRole('tree')).toContainText('"jsonrpc"');

    await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'binary_invalid' }));
    const binary = page.locator('[data-testid="timeline-scroll"] [role=row][data-dir="in"]').filter({ hasNotText: 'get_headers' }).filter({ hasNotText: 'binary_invalid' }).first();
    await expect(binary).toBeVisible();
    await binary.click();
    await inspector.getByRole('tab', { name: 'Raw' }).click();
    await expect(inspector).toContainText('not valid UTF-8');
    await expect(inspector).toContainText('7b ff fe 7d');
  });

  test('TCP: Content-Length framing over a socket', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    const peer = await startPeer('tcp-peer');
    peers.push(peer);
    await openApp(page, app);
    const form = await connectForm(page);
    await form.getByRole('radio', { name: 'TCP' }).click();
    await form.getByLabel('Host', { exact: true }).fill('127.0.0.1');
    await form.getByLabel('Port', { exact: true }).fill(String(peer.port));
    await form.getByLabel('Framing').selectOption('content-length');
    const id = await submitConnect(page, form);
    await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'sum', params: [1, 2, 3] }));
    const answer = rows(page).filter({ has: page.getByRole('cell', { name: '↳ sum' }) });
    await expect(answer.getByRole('cell').nth(4)).toHaveText('0');
    await expect(answer.getByRole('cell').nth(7)).toHaveText('ok');
    await answer.click();
    await page.getByTestId('inspector').getByRole('tab', { name: 'Raw' }).click();
    await expect(page.getByTestId('raw-wire')).toContainText('Content-Length:');
  });

  test('Unix socket: newline framing over a socket file, named by its path', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    const dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-e2e-unix-'));
    try {
      const socketPath = path.join(dir, 'peer.sock');
      const peer = await startPeer('tcp-peer', ['--unix', socketPath, '--framing', 'newline']);
      peers.push(peer);
      await openApp(page, app);
      const form = await connectForm(page);
      await form.getByRole('radio', { name: 'Unix', exact: true }).click();
      await form.getByLabel('Framing').selectOption('newline');
      await expect(form.getByRole('alert')).toHaveCount(0);
      await form.getByRole('button', { name: 'Connect', exact: true }).click();
      // The path is required: the form says so before anything is sent.
      await expect(form.getByRole('alert')).toHaveText('Enter the path of the socket');
      await form.getByLabel('Socket path').fill(socketPath);
      const id = await submitConnect(page, form);
      await expect(page.getByTestId('active-session')).toContainText('Unix');
      await expect(page.getByTestId('active-session')).toContainText(socketPath);
      await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 0, method: 'sum', params: [1, 2, 3] }));
      const answer = rows(page).filter({ has: page.getByRole('cell', { name: '↳ sum' }) });
      await expect(answer.getByRole('cell').nth(7)).toHaveText('ok');
      await answer.click();
      await page.getByTestId('inspector').getByRole('tab', { name: 'Raw' }).click();
      await expect(page.getByTestId('raw-wire')).toContainText('{"jsonrpc":"2.0","result":6,"id":0}');
    } finally {
      await Promise.all(peers.splice(0).map((p) => p.stop()));
      rmSync(dir, { recursive: true, force: true });
    }
  });
});
