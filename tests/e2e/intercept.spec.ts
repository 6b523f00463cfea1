/**
 * Intercept in the browser: vscode-jsonrpc's client talks to vscode-json-language-server through
 * `rpcscope tap` on the app's data directory. On the tap's session the user writes the breakpoint
 * `method:textDocument/documentSymbol` and turns Intercept on; the client's request shows in the
 * Held list with a running timer and who is waiting; it is edited to ask about another document
 * and forwarded, and the server's answer (held too: an answer counts as its request's method) is
 * forwarded — the client gets the symbols of the edited document, so the server received the
 * edited bytes. A second request is dropped and never answered; the inspector shows the edited
 * entry as it arrived and as it was sent.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import path from 'node:path';
import { StreamMessageReader, StreamMessageWriter, createMessageConnection } from 'vscode-jsonrpc/node.js';
import { test, expect } from './helpers/fixtures';
import { openApp, rowBySeq, setEditor } from './helpers/app';
import { REPO_ROOT } from './helpers/server';

const SHOTS = process.env.INTERCEPT_SHOTS_DIR;
const JSON_LS = path.join(REPO_ROOT, 'node_modules/vscode-langservers-extracted/bin/vscode-json-language-server');
const first = { uri: 'file:///tmp/intercept-e2e/first.json', text: '{ "alpha": 1 }\n' };
const other = { uri: 'file:///tmp/intercept-e2e/other.json', text: '{ "edited": true, "reached": "the server" }\n' };

let tap: ChildProcess | null = null;
test.afterEach(() => {
  if (tap && tap.exitCode === null) tap.kill('SIGKILL');
});

test('a held request is edited and forwarded (the server answers the edit), a second one dropped never arrives', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await openApp(page, app);
  tap = spawn(process.execPath, [path.join(REPO_ROOT, 'bin/rpcscope.mjs'), 'tap', '--data-dir', app.dataDir, '--name', 'json ls', '--', process.execPath, JSON_LS, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'], cwd: REPO_ROOT });
  const exited = new Promise<number | null>((r) => tap!.once('exit', (code) => r(code)));
  const conn = createMessageConnection(new StreamMessageReader(tap.stdout!), new StreamMessageWriter(tap.stdin!));
  conn.onRequest(() => null);
  conn.listen();
  await conn.sendRequest('initialize', { processId: process.pid, rootUri: null, capabilities: { textDocument: { documentSymbol: { hierarchicalDocumentSymbolSupport: true } } } });
  await conn.sendNotification('initialized', {});
  for (const d of [first, other]) await conn.sendNotification('textDocument/didOpen', { textDocument: { uri: d.uri, languageId: 'json', version: 1, text: d.text } });

  await page.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: /^json ls, live/ }).click();
  const panel = page.getByRole('region', { name: 'Intercept' });
  await expect(panel).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('button', { name: 'Intercept off' })).toBeVisible();

  // The filter's own diagnostics, before anything is sent to the tap.
  const breakpoints = panel.getByLabel('Breakpoints');
  await breakpoints.fill('methd:textDocument/documentSymbol');
  await expect(panel.getByRole('alert')).toContainText('unknown field "methd:"');
  await breakpoints.fill('method:textDocument/documentSymbol');
  await expect(panel.getByRole('alert')).toHaveCount(0);
  await panel.getByRole('button', { name: 'Intercept off' }).click();
  await expect(panel.getByRole('button', { name: 'Intercept on' })).toBeVisible();

  const answered = conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: first.uri } }) as Promise<{ name: string }[]>;
  const request = panel.locator('[data-testid="held-message"][data-kind="request"]');
  await expect(request).toBeVisible({ timeout: 15_000 });
  await expect(request).toContainText('client → server');
  await expect(request).toContainText('textDocument/documentSymbol');
  await expect(request.getByTestId('held-waiting')).toHaveText('the server has not received it — the client is waiting for its answer');
  const timer = request.getByTestId('held-timer');
  const shownFirst = await timer.textContent();
  await expect(timer).not.toHaveText(shownFirst!);
  const seq = Number((await request.getByRole('button', { name: /^#\d+$/ }).textContent())!.slice(1));
  // The held message lives in the tap, its list in the app: a reloaded page shows it again, still timing.
  await page.reload();
  await expect(request).toBeVisible({ timeout: 15_000 });
  await expect(panel.getByRole('button', { name: 'Intercept on' })).toBeVisible();
  await expect(panel.getByLabel('Breakpoints')).toHaveValue('method:textDocument/documentSymbol');
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/intercept-held.png` });

  await request.getByRole('button', { name: 'Edit…' }).click();
  const editor = request.getByTestId('held-editor').locator('.cm-content');
  const id = JSON.parse((await editor.textContent())!).id as number;
  await setEditor(page, editor, JSON.stringify({ jsonrpc: '2.0', id, method: 'textDocument/documentSymbol', params: { textDocument: { uri: other.uri } } }));
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/intercept-edit.png` });
  await request.getByRole('button', { name: 'Forward edited' }).click();

  const answer = panel.locator('[data-testid="held-message"][data-kind="response"]');
  await expect(answer).toBeVisible({ timeout: 15_000 });
  await expect(answer.getByTestId('held-waiting')).toHaveText('the client is waiting for this answer');
  await answer.getByRole('button', { name: 'Forward', exact: true }).click();
  expect((await answered).map((s) => s.name), 'the server answered the edited request').toEqual(['edited', 'reached']);

  let droppedAnswered = false;
  void conn.sendRequest('textDocument/documentSymbol', { textDocument: { uri: first.uri } }).then(() => (droppedAnswered = true), () => undefined);
  const second = panel.locator('[data-testid="held-message"][data-kind="request"]');
  await expect(second).toBeVisible({ timeout: 15_000 });
  await second.getByRole('button', { name: 'Drop' }).click();
  await expect(panel.getByTestId('held-message')).toHaveCount(0);

  // Off releases (nothing is held now) and the conversation ends as usual.
  await panel.getByRole('button', { name: 'Intercept on' }).click();
  await expect(panel.getByRole('button', { name: 'Intercept off' })).toBeVisible();
  await rowBySeq(page, seq).click();
  const note = page.getByTestId('intercept-note');
  await expect(note).toHaveAttribute('data-state', 'edited');
  await expect(note.getByTestId('intercept-original')).toContainText(first.uri);
  await expect(note.getByTestId('intercept-sent')).toContainText(other.uri);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/intercept-inspector.png` });

  await conn.sendRequest('shutdown');
  await conn.sendNotification('exit');
  expect(await exited).toBe(0);
  conn.dispose();
  expect(droppedAnswered, 'the dropped request never reached the server').toBe(false);
});
