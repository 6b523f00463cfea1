import type { Locator, Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { STDIO_PEER, connectStdio, openApp, setEditor } from './helpers/app';

function editor(page: Page): Locator {
  return page.getByTestId('batch-editor');
}

async function openBatch(page: Page): Promise<Locator> {
  await page.getByRole('tab', { name: 'Batch' }).click();
  const e = editor(page);
  await expect(e).toBeVisible();
  return e;
}

test.describe('batch editor', () => {
  test.beforeEach(async ({ page }) => {
    await page.setViewportSize({ width: 1440, height: 1100 });
  });

  test('out-of-order replies are matched to their entries by id', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await openApp(page, app);
    // --batch-reverse: the peer answers a batch in reverse order.
    await connectStdio(page, `${STDIO_PEER} --batch-reverse`, { name: 'batch' });
    const e = await openBatch(page);

    await e.getByLabel('Entry 1 method').fill('subtract');
    await e.getByRole('radiogroup', { name: 'Entry 1 params shape' }).getByRole('radio', { name: '[ ]' }).click();
    await setEditor(page, e.getByRole('textbox', { name: 'Entry 1 params' }), '[42, 23]');
    await e.getByLabel('Entry 2 method').fill('get_data');
    await e.getByRole('button', { name: '+ Notification' }).click();
    await e.getByLabel('Entry 3 method').fill('notify_hello');
    await e.getByRole('button', { name: '+ Raw', exact: true }).click();
    await e.getByRole('button', { name: '+ Request' }).click();
    await e.getByLabel('Entry 5 method').fill('no_such_method');

    const preview = e.getByTestId('batch-preview');
    await expect(preview).toContainText('{"jsonrpc":"2.0","method":"notify_hello"},{"foo":"boo"},');
    await page.screenshot({ path: 'screenshots/batch-entries.png' });
    await e.getByTestId('batch-send').click();

    const result = e.getByTestId('batch-result');
    await expect(result.getByTestId('batch-summary')).toHaveText('2 ok, 2 errors, 0 missing');
    const statuses = await result.getByTestId('batch-result-row').evaluateAll((els) => els.map((el) => el.getAttribute('data-status')));
    expect(statuses).toEqual(['ok', 'ok', 'no-reply-expected', 'error', 'error']);
    // Entry 1's answer came last in the reply array (reversed): it still lands on entry 1.
    const first = result.getByTestId('batch-result-row').first();
    await expect(first).toContainText('19');
    await expect(first).toContainText(/\[3\]/);
    await expect(result.getByTestId('batch-result-row').nth(3)).toContainText('-32600');
    await expect(result.getByTestId('batch-result-row').nth(4)).toContainText('Method not found');
    await expect(result.getByTestId('batch-shape')).toHaveAttribute('data-conforms', 'true');
    await expect(result.getByTestId('batch-shape')).toContainText('one array of 4 Response objects');
    await page.screenshot({ path: 'screenshots/batch-result.png' });
  });

  test("spec edge cases: [] gets one Invalid Request object; an all-notification batch gets nothing", async ({ page, app }) => {
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER);
    const e = await openBatch(page);

    await e.getByRole('button', { name: 'Empty batch' }).click();
    await expect(e.getByTestId('batch-preview')).toHaveText('[]');
    await e.getByTestId('batch-send').click();
    const shape = e.getByTestId('batch-shape');
    await expect(shape).toContainText('one Invalid Request object, not an array');
    await expect(shape).toHaveAttribute('data-conforms', 'true');
    await expect(shape).toContainText('a single Response object');
    await page.screenshot({ path: 'screenshots/batch-empty.png' });

    await e.getByRole('tab', { name: /Entries/ }).click();
    await e.getByRole('button', { name: 'All notifications' }).click();
    await expect(e.getByTestId('batch-preview')).toHaveText('[{"jsonrpc":"2.0","method":"notify_a"},{"jsonrpc":"2.0","method":"notify_b"}]');
    await e.getByTestId('batch-send').click();
    await expect(shape).toContainText('nothing at all');
    // Give the peer time to (wrongly) answer; it must stay silent.
    await page.waitForTimeout(700);
    await expect(shape).toHaveAttribute('data-conforms', 'true');
    await expect(shape).toContainText(/Arrived.*nothing/s);
    await expect(e.getByTestId('batch-summary')).toHaveText('0 ok, 0 errors, 0 missing');
  });

  test('entries can be added, duplicated, reordered from the keyboard, toggled and removed', async ({ page, app }) => {
    await openApp(page, app);
    await connectStdio(page, STDIO_PEER);
    const e = await openBatch(page);
    await e.getByLabel('Entry 1 method').fill('first');
    await e.getByLabel('Entry 2 method').fill('second');
    await e.getByRole('button', { name: 'Duplicate Entry 1' }).click();
    await expect(e.getByTestId('batch-entry')).toHaveCount(3);
    await expect(e.getByLabel('Entry 2 method')).toHaveValue('first');

    // Alt+↓ on entry 1's handle moves it down; focus stays on it.
    await e.getByRole('button', { name: /^Entry 1 \(request\)/ }).focus();
    await page.keyboard.press('Alt+ArrowDown');
    await page.keyboard.press('Alt+ArrowDown');
    await expect(e.getByLabel('Entry 3 method')).toHaveValue('first');
    await expect(e.getByLabel('Entry 2 method')).toHaveValue('second');

    // Toggle entry 2 to a notification: its id disappears from the preview.
    await e.getByRole('button', { name: /Entry 2: request, click to make it a notification/ }).click();
    const preview = e.getByTestId('batch-preview');
    await expect(preview).toContainText('{"jsonrpc":"2.0","method":"second"}');
    await e.getByRole('button', { name: 'Remove Entry 1' }).click();
    await expect(e.getByTestId('batch-entry')).toHaveCount(2);
    await expect(preview).toHaveText(/^\[\{"jsonrpc":"2.0","method":"second"\},\{"jsonrpc":"2.0","id":\d+,"method":"first"\}\]$/);
  });
});
