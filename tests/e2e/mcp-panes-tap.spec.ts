/**
 * The MCP panes in a tapped conversation: a real MCP client (the TypeScript SDK's Client) talks to
 * the real server-everything over stdio through `rpcscope tap`, recording into the app. The client
 * answers the server's sampling request itself: the panes show it as answered by the client and
 * offer no form to answer it again (the server would get two answers). Listing and calling tools from the panes
 * goes in as an injected request whose answer the tap keeps: the client never sees it.
 */
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { CreateMessageRequestSchema, type JSONRPCMessage } from '@modelcontextprotocol/sdk/types.js';
import { test, expect } from './helpers/fixtures';
import { openApp, rows } from './helpers/app';
import { REPO_ROOT } from './helpers/server';
import { TOKEN_HEADER } from '../../lib/session/bridge';

const EVERYTHING = path.join(REPO_ROOT, 'node_modules/@modelcontextprotocol/server-everything/dist/index.js');

test.describe('the MCP panes in a tap session', () => {
  let client: Client | undefined;
  test.afterEach(async () => {
    await client?.close().catch(() => undefined);
  });

  test('the client answers the server’s sampling request, the panes only show it; tools listed and called from the panes are injected and their answers never reach the client', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    test.setTimeout(90_000);
    await page.setViewportSize({ width: 1440, height: 1000 });
    client = new Client({ name: 'tap-panes-e2e', version: '1.0.0' }, { capabilities: { sampling: {} } });
    // The client's model answers once the test has seen the request waiting (`release`).
    let release!: () => void;
    const released = new Promise<void>((r) => { release = r; });
    let samplingAnswers = 0;
    client.setRequestHandler(CreateMessageRequestSchema, async () => {
      await released;
      samplingAnswers++;
      return { role: 'assistant', content: { type: 'text', text: 'hi, from the real client' }, model: 'tap-client-model' };
    });
    const transport = new StdioClientTransport({
      command: process.execPath,
      args: ['bin/rpcscope.mjs', 'tap', '--data-dir', app.dataDir, '--name', 'mcp tap e2e', '--', process.execPath, EVERYTHING, 'stdio'],
      cwd: REPO_ROOT,
      stderr: 'ignore',
    });
    await client.connect(transport);
    // Everything the client is handed, beside the SDK's own handling.
    const seen: JSONRPCMessage[] = [];
    const handle = transport.onmessage!;
    transport.onmessage = (m: JSONRPCMessage) => {
      seen.push(m);
      handle(m);
    };

    await openApp(page, app);
    await page.getByRole('button', { name: /^mcp tap e2e, live/ }).click({ timeout: 20_000 });
    await page.getByRole('tablist', { name: 'Compose' }).getByRole('tab', { name: 'MCP' }).click({ timeout: 20_000 });
    const panel = page.getByRole('region', { name: 'MCP' });

    // Listing tools from the panes is injected towards the server, and answered.
    await panel.getByRole('button', { name: /^List tools/ }).click();
    const tools = panel.getByRole('list', { name: 'Tools' });
    await expect(tools.getByRole('button', { name: 'trigger-sampling-request', exact: true })).toBeVisible({ timeout: 20_000 });
    const listed = rows(page).and(page.locator('[data-kind="request"]')).filter({ has: page.getByRole('cell', { name: /tools\/list/ }) }).last();
    await expect(listed.locator('[data-mark="injected"]')).toHaveText('injected');
    const listAnswer = rows(page).and(page.locator('[data-kind="response"]')).filter({ has: page.getByRole('cell', { name: /↳ tools\/list/ }) }).last();
    await expect(listAnswer.locator('[data-mark="consumed"]')).toHaveText('consumed');

    // The client calls a tool that makes the server ask it for a sample.
    const call = client.callTool({ name: 'trigger-sampling-request', arguments: { prompt: 'say hi', maxTokens: 20 } });
    await panel.getByRole('tab', { name: /Server requests/ }).click();
    const asked = panel.getByTestId('mcp-server-request');
    await expect(asked).toContainText('sampling/createMessage', { timeout: 20_000 });
    await expect(asked).toContainText('say hi');
    await expect(asked.getByTestId('mcp-answered-by')).toContainText(/waiting for .+ to answer/);
    // No way to answer it from here: the client does.
    await expect(asked.getByRole('button', { name: 'Send reply' })).toHaveCount(0);
    await expect(asked.getByRole('textbox')).toHaveCount(0);

    release();
    const result = await call;
    expect(JSON.stringify(result)).toContain('hi, from the real client');
    await expect(asked.getByTestId('mcp-answered-by')).toContainText(/answered by /);
    expect(samplingAnswers).toBe(1);
    // The server got one answer to its request: the client's.
    const answers = rows(page).filter({ has: page.getByRole('cell', { name: /↳ sampling\/createMessage/ }) });
    await expect(answers).toHaveCount(1);
    // A tool called from the panes is injected too, its result shown; it asks for no progress, so
    // the server sends the client no progress notification for a token the client never chose.
    await panel.getByRole('tab', { name: /Tools/ }).click();
    await tools.getByRole('button', { name: 'echo', exact: true }).click();
    await panel.locator('#tool-echo-message').fill('from the panes, through the tap');
    await panel.getByRole('button', { name: 'Call tool' }).click();
    await expect(panel.getByTestId('mcp-result')).toContainText('Echo: from the panes, through the tap', { timeout: 20_000 });
    const sessionId = await page.evaluate(() => window.sessionStorage.getItem('rpcscope.activeSession'));
    const listed2 = await page.request.get(`${app.origin}/api/sessions/${sessionId}/events`, { headers: { [TOKEN_HEADER]: app.token } });
    const { events } = (await listed2.json()) as { events: { dir: string; kind: string; method?: string; injected?: boolean; raw: string }[] };
    const injectedCall = events.find((e) => e.injected && e.kind === 'request' && e.method === 'tools/call');
    expect(injectedCall?.raw).toContain('from the panes, through the tap');
    expect(injectedCall?.raw).not.toContain('progressToken');
    // The client never saw the answers to the injected tools/list and tools/call.
    expect(seen.filter((m) => !('method' in m) && String((m as { id?: unknown }).id).startsWith('rpcscope-inject-'))).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('mcp-panes-tap-1440.png') });

    // The client goes: the session ends and its panes move above the timeline with the tools they
    // listed, asking the ended session nothing (the old list_changed notifications are not news).
    const sendsAfterEnd: string[] = [];
    page.on('request', (r) => { if (r.url().endsWith('/send')) sendsAfterEnd.push(r.postData() ?? ''); });
    await client.close();
    client = undefined;
    await expect(page.getByRole('button', { name: /^mcp tap e2e, closed/ })).toBeVisible({ timeout: 20_000 });
    await expect(page.getByTestId('mcp-panel').getByRole('button', { name: 'echo', exact: true })).toBeVisible();
    await page.waitForLoadState('networkidle');
    expect(sendsAfterEnd).toEqual([]);
    await page.screenshot({ path: test.info().outputPath('mcp-panes-tap-ended-1440.png') });
  });
});
