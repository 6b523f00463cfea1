import type { Locator, Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { STDIO_PEER, connectStdio, openApp, setEditor, rowBySeq, rows } from './helpers/app';

function builder(page: Page): Locator {
  return page.getByTestId('request-builder');
}

/** The newest timeline row whose method cell reads `method` (requests show the bare name). */
function newestRow(page: Page, cellText: string): Locator {
  return rows(page).filter({ has: page.getByRole('cell', { name: cellText, exact: true }) }).last();
}

test.describe('request builder', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1000 });
  });

  test('build and send: the preview is the exact text sent, id 0 included, and the reply shows up', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER, { name: 'builder' });
    const b = builder(page);

    await b.getByLabel('Method', { exact: true }).fill('subtract');
    await b.getByRole('radio', { name: 'By position [ ]' }).click();
    await setEditor(page, b.getByRole('textbox', { name: 'Params (by position)' }), '[\n  42,\n  23\n]');
    await b.getByLabel('Id policy').selectOption('custom');
    await b.getByLabel('Custom id (JSON)').fill('0');

    const exact = '{"jsonrpc":"2.0","id":0,"method":"subtract","params":[42,23]}';
    await expect(b.getByTestId('builder-preview')).toHaveText(exact);
    await page.screenshot({ path: 'screenshots/builder-compose.png' });

    // Ctrl/Cmd+Enter from inside the params editor sends.
    await b.getByRole('textbox', { name: 'Params (by position)' }).click();
    await page.keyboard.press('ControlOrMeta+Enter');
    await expect(b.getByTestId('send-status')).toContainText('answered');

    const sent = newestRow(page, 'subtract');
    await expect(sent).toHaveAttribute('data-dir', 'out');
    await expect(sent.getByRole('cell').nth(4)).toHaveText('0');
    await sent.click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByRole('tab', { name: 'Raw' }).click();
    await expect(inspector.getByTestId('raw-wire')).toContainText(exact);
    await page.keyboard.press('p');
    await inspector.getByRole('tab', { name: 'Pretty' }).click();
    await expect(inspector.getByRole('tree')).toContainText('19');
  });

  test('the params editor never rewrites what was typed: null, escapes, big integers, key order', async ({ page, app }) => {
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER);
    const b = builder(page);
    await b.getByLabel('Method', { exact: true }).fill('echo');
    await b.getByRole('radio', { name: 'By name { }' }).click();
    const typed = '{"z": null, "s": "line1\\nline2 \\"q\\"", "big": 12345678901234567890, "a": 1.50}';
    const editor = b.getByRole('textbox', { name: 'Params (by name)' });
    await setEditor(page, editor, typed);
    await expect(editor).toHaveText(typed);
    await expect(b.getByTestId('builder-preview')).toContainText('"params":{"z":null,"s":"line1\\nline2 \\"q\\"","big":12345678901234567890,"a":1.50}');

    // Format re-indents only; every token stays as typed.
    await editor.click();
    await b.getByRole('button', { name: 'Format' }).click();
    await expect(editor).toContainText('"big": 12345678901234567890');
    await expect(b.getByTestId('builder-preview')).toContainText('"big":12345678901234567890,"a":1.50}');

    // A broken edit is flagged inline and blocks sending instead of being "fixed".
    await setEditor(page, editor, '{"a": }');
    await expect(b.getByTestId('builder-error')).toContainText('not valid JSON');
    await expect(b.getByTestId('builder-send')).toBeDisabled();
    await expect(editor).toHaveText('{"a": }');
  });

  test('raw mode sends a broken message exactly as typed and the peer answers Parse error', async ({ page, app }) => {
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER);
    const b = builder(page);
    await b.getByRole('radio', { name: 'Raw' }).click();
    const broken = '{"jsonrpc": "2.0", "id": 7, "method": "subtract", "params": [1, 2';
    await setEditor(page, b.getByRole('textbox', { name: 'Raw message' }), broken);
    await expect(b.getByTestId('builder-preview')).toHaveText(broken);
    await b.getByTestId('builder-send').click();
    await expect(b.getByTestId('send-status')).toContainText('Sent');

    const sentRow = rows(page).and(page.locator('[data-dir="out"][data-kind="parse-error"]')).last();
    await expect(sentRow).toBeVisible();
    const reply = rows(page).and(page.locator('[data-dir="in"][data-kind="error"]')).last();
    await expect(reply).toContainText('Parse error');
    await sentRow.click();
    await page.getByTestId('inspector').getByRole('tab', { name: 'Raw' }).click();
    await expect(page.getByTestId('raw-wire')).toContainText(broken);
    await page.screenshot({ path: 'screenshots/builder-raw.png' });
  });

  test('edit and resend: a past request fills the builder, and sends again with a fresh id', async ({ page, app }) => {
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER);
    const b = builder(page);
    await b.getByLabel('Method', { exact: true }).fill('subtract');
    await setEditor(page, b.getByRole('textbox', { name: 'Params (by name)' }), '{"minuend": 42, "subtrahend": 23}');
    await b.getByTestId('builder-send').click();
    await expect(b.getByTestId('send-status')).toContainText('answered');
    const first = newestRow(page, 'subtract');
    const firstSeq = Number(await first.getAttribute('data-seq'));
    const firstId = (await first.getByRole('cell').nth(4).innerText()).trim();

    // Start over, then load the past request back.
    await b.getByLabel('Method', { exact: true }).fill('get_data');
    await b.getByRole('radio', { name: 'Omit' }).click();
    await rowBySeq(page, firstSeq).click();
    await page.getByTestId('inspector').getByRole('button', { name: 'Edit and resend' }).click();
    await expect(b.getByLabel('Method', { exact: true })).toHaveValue('subtract');
    await expect(b.getByRole('radio', { name: 'By name { }' })).toHaveAttribute('aria-checked', 'true');
    await expect(b.getByTestId('loaded-hint')).toContainText(`#${firstSeq}`);
    await expect(b.getByLabel('Custom id (JSON)')).toHaveValue(firstId);

    await setEditor(page, b.getByRole('textbox', { name: 'Params (by name)' }), '{"minuend": 100, "subtrahend": 1}');
    await b.getByLabel('Id policy').selectOption('auto');
    await b.getByTestId('builder-send').click();
    await expect(b.getByTestId('send-status')).toContainText('answered');
    const again = newestRow(page, 'subtract');
    expect(Number(await again.getAttribute('data-seq'))).toBeGreaterThan(firstSeq);
    await expect(again.getByRole('cell').nth(4)).not.toHaveText(firstId);
    await again.click();
    await page.keyboard.press('p');
    await expect(page.getByTestId('inspector').getByRole('tree')).toContainText('99');
  });

  test("reply to the target's request: the peer receives our result with its own id", async ({ page, app }) => {
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER);
    const b = builder(page);
    await b.getByLabel('Method', { exact: true }).fill('ask_client');
    await setEditor(page, b.getByRole('textbox', { name: 'Params (by name)' }), '{"method": "roots/list", "params": {}}');
    await b.getByTestId('builder-send').click();
    await expect(b.getByTestId('send-status')).toContainText('waiting');

    const incoming = rows(page).and(page.locator('[data-dir="in"][data-kind="request"]')).last();
    await expect(incoming).toContainText('roots/list');
    await incoming.click();
    const composer = page.getByTestId('reply-composer');
    await expect(composer).toContainText('waiting for our reply');
    await setEditor(page, composer.getByRole('textbox', { name: 'Result' }), '{"roots": [{"uri": "file:///tmp/project", "name": "project"}]}');
    await expect(composer.getByTestId('reply-preview')).toHaveText('{"jsonrpc":"2.0","id":0,"result":{"roots":[{"uri":"file:///tmp/project","name":"project"}]}}');
    await page.screenshot({ path: 'screenshots/builder-reply.png' });
    await composer.getByTestId('reply-send').click();

    // The peer reports what we said as the result of ask_client.
    await expect(b.getByTestId('send-status')).toContainText('answered');
    const answer = rows(page).and(page.locator('[data-dir="in"][data-kind="response"]')).last();
    await answer.click();
    await page.getByTestId('inspector').getByRole('tab', { name: 'Raw' }).click();
    await expect(page.getByTestId('raw-wire')).toContainText('"clientSaid":{"roots":[{"uri":"file:///tmp/project","name":"project"}]}');
  });

  test("auto-reply rules answer the target's requests while the user explores", async ({ page, app }) => {
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER);
    const b = builder(page);
    await b.getByText("Auto-replies to the target's requests").click();
    const rules = b.getByTestId('auto-replies');
    await rules.getByLabel('Auto-reply method').fill('workspace/configuration');
    await setEditor(page, rules.getByRole('textbox', { name: 'Auto-reply result' }), '[{"tabSize": 2}]');
    await rules.getByRole('button', { name: 'Add rule' }).click();
    await expect(rules).toContainText('Saved');
    await expect(rules).toContainText('[{"tabSize":2}]');

    // ask_client defaults to workspace/configuration: the server answers it without us.
    await b.getByLabel('Method', { exact: true }).fill('ask_client');
    await setEditor(page, b.getByRole('textbox', { name: 'Params (by name)' }), '{}');
    await b.getByTestId('builder-send').click();
    await expect(b.getByTestId('send-status')).toContainText('answered');
    const answer = rows(page).and(page.locator('[data-dir="in"][data-kind="response"]')).last();
    await answer.click();
    await page.getByTestId('inspector').getByRole('tab', { name: 'Raw' }).click();
    await expect(page.getByTestId('raw-wire')).toContainText('"clientSaid":[{"tabSize":2}]');
  });
});
