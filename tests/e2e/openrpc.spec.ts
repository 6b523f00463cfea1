import type { Locator, Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import type { RunningApp } from './helpers/server';
import { openApp, rows, timeline } from './helpers/app';
import { startPeer, type RunningPeer } from '../fixtures/peers/start-peer';

/**
 * OpenRPC in the browser, against the fixture peer (HTTP and WebSocket on one port): load its
 * document with rpc.discover, complete methods with their summaries, see params problems before
 * sending, and see a declared error decoded by the name the document gives it.
 */
let peer: RunningPeer;

test.beforeAll(async () => {
  peer = await startPeer('openrpc-peer');
});
test.afterAll(async () => {
  await peer?.stop();
});

async function openReady(page: Page, app: RunningApp): Promise<void> {
  await openApp(page, app);
  const res = await page.request.get(`${app.origin}/api/sessions`, { headers: { [TOKEN_HEADER]: app.token } });
  const { sessions } = (await res.json()) as { sessions: unknown[] };
  if (sessions.length > 0) await expect(page.getByRole('navigation', { name: 'Sessions' }).getByRole('listitem').first()).toBeVisible();
}

async function connectUrl(page: Page, kind: 'HTTP' | 'WebSocket', url: string, name: string): Promise<void> {
  const nav = page.getByRole('navigation', { name: 'Sessions' });
  const form = nav.getByRole('form', { name: 'Connect to a target' });
  if (!(await form.isVisible())) await nav.getByRole('button', { name: 'Connect' }).click();
  await form.getByRole('radio', { name: kind }).click();
  await form.getByLabel('URL', { exact: true }).fill(url);
  await form.getByLabel('Session name').fill(name);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(page.getByTestId('active-session')).toContainText(name);
  await expect(page.getByTestId('active-session').getByText('live')).toBeVisible();
}

async function setEditor(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  await page.keyboard.insertText(text);
}

test.describe('OpenRPC', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1100 });
  });

  test('rpc.discover loads the document; completion, params checked before sending, a declared error decoded by name', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openReady(page, app);
    await connectUrl(page, 'HTTP', `http://127.0.0.1:${peer.port}/`, 'petstore over HTTP');
    const b = page.getByTestId('request-builder');

    // Load the document by asking the target.
    const section = b.getByTestId('openrpc-section');
    await section.locator('summary').click();
    await section.getByTestId('openrpc-discover').click();
    const doc = section.getByTestId('openrpc-doc');
    await expect(doc).toContainText('Petstore');
    await expect(doc).toContainText('7 methods · from rpc.discover');
    await expect(doc).toContainText('Valid OpenRPC.');
    await expect(rows(page).filter({ hasText: 'rpc.discover' }).first()).toBeVisible();

    // Method completion with the summaries the document gives.
    const method = b.getByLabel('Method', { exact: true });
    await method.fill('Pet');
    const list = page.getByRole('listbox', { name: 'Method suggestions' });
    await expect(list).toContainText('OpenRPC · Petstore');
    const option = list.getByRole('option', { name: /getPet/ });
    await expect(option).toContainText('Fetch one pet by its id');
    await page.screenshot({ path: 'screenshots/openrpc-completion.png' });
    await option.click();
    await expect(method).toHaveValue('getPet');
    // Picking the method starts from its example, by name as the document says.
    await expect(b.getByRole('radio', { name: 'By name { }' })).toHaveAttribute('aria-checked', 'true');
    await expect(b.getByTestId('openrpc-params-ok')).toBeVisible();

    // Invalid params: the problem shows before anything is sent.
    const editor = b.getByRole('textbox', { name: 'Params (by name)' });
    const before = await rows(page).count();
    await setEditor(page, editor, '{"petId": "seven", "colour": "red"}');
    const issues = b.getByTestId('openrpc-params-issues');
    await expect(issues).toContainText('params.petId must be an integer (it is the string "seven")');
    await expect(issues).toContainText('params.colour getPet has no param named "colour" (it takes "petId")');
    expect(await rows(page).count()).toBe(before);
    await page.screenshot({ path: 'screenshots/openrpc-params-check.png' });

    // Schema completion inside the params editor: the param names.
    await setEditor(page, editor, '{"');
    await page.keyboard.press('Control+Space');
    const completion = page.locator('.cm-tooltip-autocomplete');
    await expect(completion).toContainText('petId');
    await expect(completion).toContainText('integer · required');
    // CodeMirror ignores Enter for a moment after the list opens (its interactionDelay, 75 ms).
    await page.waitForTimeout(150);
    await page.keyboard.press('Enter');
    await expect(editor).toHaveText('{"petId": ');

    // Insert example fixes it.
    await b.getByTestId('openrpc-insert-example').click();
    await expect(b.getByTestId('openrpc-params-ok')).toBeVisible();
    await expect(b.getByTestId('builder-preview')).toContainText('"params":{"petId":1}');

    // A declared error, decoded by its declared name, with the document as the source.
    await setEditor(page, editor, '{"petId": 99}');
    await b.getByTestId('builder-send').click();
    await expect(b.getByTestId('send-status')).toContainText(/answered|error/);
    // The request row shows its answer's decoded error too.
    await rows(page).filter({ has: page.getByRole('cell', { name: 'getPet', exact: true }) }).last().click();
    const card = page.getByTestId('inspector').getByTestId('decoded-error');
    await expect(card).toContainText('Pet not found');
    await expect(card.getByTitle('Which catalog decoded this code')).toHaveText('OpenRPC');
    await expect(card).toContainText('Declared for getPet by the OpenRPC document “Petstore” 1.0.0.');
    await page.screenshot({ path: 'screenshots/openrpc-declared-error.png' });
  });

  test('over WebSocket, the remembered document is attached again and traffic gets OpenRPC findings', async ({ page, app }) => {
    await openReady(page, app);
    const url = `ws://127.0.0.1:${peer.port}/`;
    await connectUrl(page, 'WebSocket', url, 'petstore over WebSocket');
    const b = page.getByTestId('request-builder');
    const section = b.getByTestId('openrpc-section');
    if (!(await section.getByTestId('openrpc-discover').isVisible())) await section.locator('summary').click();
    await section.getByTestId('openrpc-discover').click();
    await expect(section.getByTestId('openrpc-doc')).toContainText('Petstore');

    // A second session to the same target starts with the document.
    await connectUrl(page, 'WebSocket', url, 'petstore again');
    await expect(page.getByTestId('request-builder').getByTestId('openrpc-section').locator('summary')).toContainText('Petstore');

    await b.getByLabel('Method', { exact: true }).fill('countPets');
    await b.getByRole('radio', { name: 'Omit' }).click();
    await b.getByTestId('builder-send').click();
    await expect(b.getByTestId('send-status')).toContainText('answered');
    await timeline(page).locator('[role=row][data-dir="in"]').last().click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByRole('tab', { name: /Findings/ }).click();
    await expect(inspector.locator('[data-rule="openrpc-result"]')).toContainText('result must be an integer (it is the string "2")');
  });

  test('a document loaded from a file shows its problems in plain words, and can be removed', async ({ page, app }) => {
    await openReady(page, app);
    await connectUrl(page, 'HTTP', `http://127.0.0.1:${peer.port}/files`, 'petstore from a file');
    const section = page.getByTestId('request-builder').getByTestId('openrpc-section');
    if (!(await section.getByTestId('openrpc-discover').isVisible())) await section.locator('summary').click();
    const broken = { openrpc: '1.3.2', info: { title: 'Broken API' }, methods: [{ name: 'ping', paramStructure: 'named', params: [] }] };
    await section.getByTestId('openrpc-file').setInputFiles({ name: 'broken.json', mimeType: 'application/json', buffer: Buffer.from(JSON.stringify(broken)) });
    const doc = section.getByTestId('openrpc-doc');
    await expect(doc).toContainText('Broken API');
    await expect(doc).toContainText('from broken.json');
    const problems = doc.getByTestId('openrpc-problem');
    await expect(problems).toHaveText([
      'info is missing "version"',
      'methods[0] (ping).paramStructure must be one of "by-position", "by-name", "either" (it is the string "named")',
    ]);
    await expect(section.locator('summary')).toContainText('2 problems');
    await doc.scrollIntoViewIfNeeded();
    await page.screenshot({ path: 'screenshots/openrpc-problems.png' });
    await doc.getByRole('button', { name: 'Remove Broken API' }).click();
    await expect(section.getByTestId('openrpc-doc')).toHaveCount(0);
  });
});
