/**
 * Connect in one step and the MCP panes, on the real @modelcontextprotocol/server-everything over
 * stdio and the real vscode-json-language-server: from an open page to the server's tools in three
 * steps (command line, protocol, Connect), the handshake in the timeline, tools called from their
 * forms with a progress bar, images shown as images, and a sampling request answered from its form.
 */
import { test, expect, type Page } from './helpers/fixtures';
import { connectForm, openApp, rows } from './helpers/app';

const EVERYTHING = 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio';
const JSON_LS = 'node node_modules/vscode-langservers-extracted/bin/vscode-json-language-server --stdio';

async function connectInThreeSteps(page: Page, commandLine: string, protocol: string) {
  const form = await connectForm(page);
  const cmd = form.getByLabel('Command line');
  if (!(await cmd.isVisible())) await form.getByRole('button', { name: 'Command line' }).click();
  await cmd.fill(commandLine); // step 1
  await form.getByLabel('Protocol').selectOption({ label: protocol }); // step 2
  return form;
}

const row = (page: Page, method: string) => rows(page).filter({ has: page.getByRole('cell', { name: method, exact: true }) }).first();

test.describe('connect in one step and the MCP panes', () => {
  test('the everything server: three steps to its tools, then tools called from their forms', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(90_000);
    // Tall enough that the timeline under the composer and the MCP pane shows the whole handshake.
    await page.setViewportSize({ width: 1440, height: 1300 });
    await openApp(page, app);
    const form = await connectInThreeSteps(page, EVERYTHING, 'MCP');
    // Choosing MCP chose its framing, and offers to start the session.
    await expect(form.getByLabel('Framing')).toHaveValue('newline');
    await expect(form.getByLabel('Start the session for me')).toBeChecked();
    await form.getByRole('button', { name: 'Connect', exact: true }).click(); // step 3

    const panel = page.getByRole('region', { name: 'MCP' });
    const tools = panel.getByRole('list', { name: 'Tools' });
    await expect(tools.getByRole('button', { name: 'echo', exact: true })).toBeVisible({ timeout: 30_000 });
    // The tools offered only to clients that declare sampling, elicitation and roots are there too.
    for (const name of ['trigger-sampling-request', 'trigger-elicitation-request', 'get-roots-list']) {
      await expect(tools.getByRole('button', { name, exact: true })).toBeVisible();
    }
    // Every message of the handshake is in the timeline.
    await expect(row(page, 'initialize')).toBeVisible();
    await expect(row(page, 'notifications/initialized')).toBeVisible();
    await expect(row(page, 'tools/list')).toBeVisible();

    // A required field left empty is named before anything is sent; filled, the tool answers.
    await tools.getByRole('button', { name: 'echo', exact: true }).click();
    await panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(panel.getByText('message is required')).toBeVisible();
    await panel.locator('#tool-echo-message').fill('hello from the form');
    await panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(panel.getByTestId('mcp-result')).toContainText('Echo: hello from the form');

    // A long call reports progress on a bar, then its result.
    await tools.getByRole('button', { name: 'trigger-long-running-operation', exact: true }).click();
    await expect(panel.locator('#tool-trigger-long-running-operation-duration')).toHaveValue('10');
    await panel.locator('#tool-trigger-long-running-operation-duration').fill('3');
    await panel.locator('#tool-trigger-long-running-operation-steps').fill('3');
    await panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(panel.getByRole('button', { name: 'Cancel' })).toBeVisible();
    await expect(panel.getByTestId('mcp-progress')).toContainText(/[12]\/3/, { timeout: 10_000 });
    await expect(panel.getByTestId('mcp-result')).toContainText('Long running operation completed', { timeout: 15_000 });

    // Images come back as images.
    await tools.getByRole('button', { name: 'get-tiny-image', exact: true }).click();
    await panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(panel.getByTestId('mcp-image')).toHaveAttribute('src', /^data:image\/png;base64,/);

    // The server asks for a sample; the user answers it from a form and the tool reports it.
    await tools.getByRole('button', { name: 'trigger-sampling-request', exact: true }).click();
    await panel.locator('#tool-trigger-sampling-request-prompt').fill('say hi');
    await panel.getByRole('button', { name: 'Call tool' }).click();
    const asked = panel.getByTestId('mcp-server-request');
    await expect(asked).toContainText('sampling/createMessage');
    await expect(asked).toContainText('say hi');
    await asked.getByLabel(/Reply as the model/).fill('hi, from a person');
    await asked.getByRole('button', { name: 'Send reply' }).click();
    await expect(asked).toHaveCount(0);
    await panel.getByRole('tab', { name: /Tools/ }).click();
    await expect(panel.getByTestId('mcp-result')).toContainText('hi, from a person');

    await page.screenshot({ path: test.info().outputPath('mcp-panes-1440.png') });
  });

  test('a language server handshake in one step: initialize, initialized, and its capabilities shown', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, app);
    const form = await connectInThreeSteps(page, JSON_LS, 'LSP');
    await expect(form.getByLabel('Framing')).toHaveValue('content-length');
    // Each automatic answer can be turned off before connecting.
    await expect(form.getByLabel(/Accept client\/registerCapability/)).toBeChecked();
    await form.getByLabel(/Accept window\/workDoneProgress\/create/).uncheck();
    await form.getByRole('button', { name: 'Connect', exact: true }).click();

    await expect(row(page, 'initialize')).toBeVisible({ timeout: 20_000 });
    await expect(row(page, 'initialized')).toBeVisible({ timeout: 20_000 });
    // The first useful view: the initialize answer is selected, its capabilities in the inspector.
    const inspector = page.getByTestId('inspector');
    await expect(inspector.getByRole('tree')).toContainText('capabilities', { timeout: 20_000 });
    await expect(inspector.getByRole('tree')).toContainText('hoverProvider');
    // The routine answers are the session's auto-reply rules, the one turned off is not.
    const rules = page.getByTestId('auto-replies');
    if (!(await rules.isVisible())) await page.getByText(/Auto-replies to the target/).first().click();
    await expect(rules).toContainText('workspace/configuration');
    await expect(rules).toContainText('client/registerCapability');
    await expect(rules).not.toContainText('window/workDoneProgress/create');
  });
});
