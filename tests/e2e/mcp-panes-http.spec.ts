/**
 * The MCP panes over Streamable HTTP: the real @modelcontextprotocol/server-everything in its
 * streamableHttp mode on 127.0.0.1, connected from the app with an HTTP target, Protocol = MCP and
 * "Start the session for me". Its tools are listed (the session id and the SSE replies carried
 * through), tools called from their forms return their results, and a list_changed sent on the
 * server's GET stream reloads the list.
 */
import { test, expect } from './helpers/fixtures';
import { connectForm, openApp, rows } from './helpers/app';
import { startEverythingHttp, type RunningServer } from '../integration/mcp/helpers';

test.describe('the MCP panes over Streamable HTTP', () => {
  let server: RunningServer | undefined;
  test.afterEach(async () => {
    await server?.stop();
  });

  test('an HTTP MCP server: its tools listed after one-step start, and echo called from its form', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(90_000);
    server = await startEverythingHttp(30_000);
    await page.setViewportSize({ width: 1440, height: 1100 });
    await openApp(page, app);
    const form = await connectForm(page);
    await form.getByRole('radio', { name: 'HTTP' }).click();
    await form.getByLabel('URL').fill(`http://127.0.0.1:${server.port}/mcp`);
    await form.getByLabel('Protocol').selectOption({ label: 'MCP' });
    await expect(form.getByLabel('Start the session for me')).toBeChecked();
    await form.getByRole('button', { name: 'Connect', exact: true }).click();

    const panel = page.getByRole('region', { name: 'MCP' });
    const tools = panel.getByRole('list', { name: 'Tools' });
    await expect(tools.getByRole('button', { name: 'echo', exact: true })).toBeVisible({ timeout: 30_000 });
    await expect(panel.getByRole('status').filter({ hasText: 'started' })).toBeVisible();
    // The handshake and the list went over HTTP, each request answered.
    for (const method of ['initialize', 'tools/list']) {
      await expect(rows(page).filter({ has: page.getByRole('cell', { name: method, exact: true }) }).first()).toBeVisible();
    }

    await tools.getByRole('button', { name: 'echo', exact: true }).click();
    await panel.locator('#tool-echo-message').fill('hello over HTTP');
    await panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(panel.getByTestId('mcp-result')).toContainText('Echo: hello over HTTP', { timeout: 20_000 });

    // A second tool with two numbers: its form turns them into numbers the server adds.
    await tools.getByRole('button', { name: 'get-sum', exact: true }).click();
    await panel.locator('#tool-get-sum-a').fill('2');
    await panel.locator('#tool-get-sum-b').fill('40');
    await panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(panel.getByTestId('mcp-result')).toContainText('42', { timeout: 20_000 });

    // A tool that adds a resource: the server says resources/list_changed on its GET stream (no
    // request of ours to ride on), and the resources list reloads with the new one.
    await panel.getByRole('tab', { name: /Resources/ }).first().click();
    const resources = panel.getByRole('list', { name: 'Resources' });
    await expect(resources.getByRole('button').first()).toBeVisible({ timeout: 20_000 });
    await expect(resources.getByRole('button', { name: 'rpcscope-e2e.txt.gz', exact: true })).toHaveCount(0);
    await panel.getByRole('tab', { name: /Tools/ }).click();
    await tools.getByRole('button', { name: 'gzip-file-as-resource', exact: true }).click();
    await panel.locator('#tool-gzip-file-as-resource-name').fill('rpcscope-e2e.txt.gz');
    await panel.locator('#tool-gzip-file-as-resource-data').fill('data:text/plain,hello%20from%20rpcscope');
    await panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(panel.getByTestId('mcp-result')).toContainText('rpcscope-e2e.txt.gz', { timeout: 20_000 });
    const changed = rows(page).filter({ has: page.getByRole('cell', { name: 'notifications/resources/list_changed', exact: true }) }).first();
    await expect(changed).toBeVisible({ timeout: 20_000 });
    await panel.getByRole('tab', { name: /Resources/ }).first().click();
    await expect(resources.getByRole('button', { name: 'rpcscope-e2e.txt.gz', exact: true })).toBeVisible({ timeout: 20_000 });
    await page.screenshot({ path: test.info().outputPath('mcp-panes-http-1440.png') });
  });
});
