/**
 * What the page makes of the bridge's lean frames (server/bridge-frames.ts): entries arrive
 * without most of their wire text and with a rule's spec sentence named only by its rule, yet the
 * timeline shows every row's summary (texts fetched as rows are shown) and the inspector quotes
 * the sentence.
 */
import { test, expect } from './helpers/fixtures';
import { STDIO_PEER, apiSend, connectStdio, openApp, rowBySeq, timeline } from './helpers/app';
import { RULES } from '../../lib/jsonrpc/rules/table';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import type { SessionSummary } from '../../lib/session/types';

test.describe('the page reads lean bridge frames', () => {
  test("the inspector quotes a finding's spec sentence", async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, app);
    const id = await connectStdio(page, STDIO_PEER, { name: 'findings' });
    const seq = await apiSend(page, app, id, '{"jsonrpc":"1.0","id":7,"method":"echo","params":[1]}');
    await rowBySeq(page, seq).click();
    const inspector = page.getByTestId('inspector');
    await inspector.getByRole('tab', { name: /Findings/ }).click();
    const card = inspector.locator('[data-rule="jsonrpc-version"]');
    await expect(card.locator('blockquote')).toHaveText(RULES.get('jsonrpc-version')!.spec);
  });

  test('a flood shows every entry, and the oldest rows their summaries once scrolled to', async ({ page, app, consoleErrors }) => {
    void consoleErrors;
    await page.setViewportSize({ width: 1440, height: 900 });
    await openApp(page, app);
    const id = await connectStdio(page, STDIO_PEER, { name: 'flood' });
    const seq = await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'flood', params: { n: 4000 } }));
    const recorded = async () => {
      const res = await page.request.get(`${app.origin}/api/sessions/${id}`, { headers: { [TOKEN_HEADER]: app.token, origin: app.origin } });
      return ((await res.json()) as { session: SessionSummary }).session.counts.events;
    };
    await expect.poll(recorded, { timeout: 30_000 }).toBeGreaterThanOrEqual(seq + 4001);
    await expect(page.getByTestId('timeline-count')).toHaveText(`${(await recorded()).toLocaleString('en-US')} entries`, { timeout: 30_000 });
    await timeline(page).evaluate((el) => el.scrollTo({ top: 0 }));
    const first = rowBySeq(page, seq + 1);
    await expect(first.locator('[data-col="method"]')).toHaveText('flood');
    await expect(first.locator('[data-col="summary"]')).toContainText('0');
  });
});
