/**
 * The layout fits the windows people use: at 1024×700 the top bar's controls do not overlap and
 * the session actions that no longer fit are one keyboard-reachable "⋯" menu away; at 1440×900 an
 * MCP session (the real server-everything over stdio) has its panes as the composer's MCP tab, so
 * the timeline still shows a dozen rows.
 */
import type { Locator, Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import { STDIO_PEER, apiSend, connectForm, connectStdio, openApp, rows, timeline } from './helpers/app';

const EVERYTHING = 'node node_modules/@modelcontextprotocol/server-everything/dist/index.js stdio';

interface Box { label: string; x: number; y: number; width: number; height: number }

/** Every visible control and label of the top bar, with its place on screen. */
async function topBarBoxes(page: Page): Promise<Box[]> {
  return page.locator('header').first().evaluate((header) => {
    const out: Box[] = [];
    const controls = header.querySelectorAll<HTMLElement>('button, select, label, input, [data-testid="active-session"] > span');
    for (const el of controls) {
      const r = el.getBoundingClientRect();
      if (r.width === 0 || r.height === 0 || getComputedStyle(el).visibility === 'hidden') continue;
      out.push({ label: el.getAttribute('aria-label') || el.textContent?.trim().slice(0, 40) || el.tagName, x: r.x, y: r.y, width: r.width, height: r.height });
    }
    return out;
  });
}

const overlap = (a: Box, b: Box) => Math.min(a.x + a.width, b.x + b.width) - Math.max(a.x, b.x) > 0.5 && Math.min(a.y + a.height, b.y + b.height) - Math.max(a.y, b.y) > 0.5;
const inside = (outer: Box, inner: Box) => inner.x >= outer.x - 0.5 && inner.y >= outer.y - 0.5 && inner.x + inner.width <= outer.x + outer.width + 0.5 && inner.y + inner.height <= outer.y + outer.height + 0.5;

test('at 1024×700 no two top-bar controls overlap, and the secondary actions are in a keyboard menu', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1024, height: 700 });
  const headers = { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' };
  const env = await page.request.post(`${app.origin}/api/environments`, { headers, data: { name: 'staging with a long name', variables: [{ name: 'host', value: '127.0.0.1', secret: false }] } });
  expect(env.ok()).toBe(true);
  await openApp(page, app);
  await connectStdio(page, STDIO_PEER, { name: 'a session with a rather long descriptive name' });
  await page.getByLabel('Active environment').first().selectOption({ label: 'staging with a long name (1)' });

  const boxes = await topBarBoxes(page);
  const labels = boxes.map((b) => b.label);
  for (const wanted of ['More session actions', 'Active environment', 'Keyboard shortcuts']) expect(labels).toContain(wanted);
  for (const b of boxes) {
    expect(b.x, `${b.label} starts inside the window`).toBeGreaterThanOrEqual(0);
    expect(b.x + b.width, `${b.label} ends inside the 1024 px window`).toBeLessThanOrEqual(1024);
  }
  for (let i = 0; i < boxes.length; i++) {
    for (let j = i + 1; j < boxes.length; j++) {
      // A label wraps its own control; everything else must stand apart.
      if (inside(boxes[i], boxes[j]) || inside(boxes[j], boxes[i])) continue;
      expect(overlap(boxes[i], boxes[j]), `"${boxes[i].label}" and "${boxes[j].label}" overlap`).toBe(false);
    }
  }
  await page.screenshot({ path: test.info().outputPath('top-bar-1024x700.png') });

  // The "⋯" menu opens from the keyboard, lists every session action, and Export… opens Export.
  const more = page.getByRole('button', { name: 'More session actions' });
  await more.focus();
  await page.keyboard.press('Enter');
  const menu = page.getByRole('menu', { name: 'More session actions' });
  await expect(menu.getByRole('menuitem')).toHaveText(['Export…', 'Share…', 'Probe this target', 'Disconnect']);
  await expect(menu.getByRole('menuitem', { name: 'Export…' })).toBeFocused();
  await page.keyboard.press('ArrowDown');
  await expect(menu.getByRole('menuitem', { name: 'Share…' })).toBeFocused();
  await page.keyboard.press('ArrowUp');
  await page.screenshot({ path: test.info().outputPath('top-bar-menu-1024x700.png') });
  await page.keyboard.press('Enter');
  await expect(menu).toBeHidden();
  await expect(page.getByTestId('export-dialog')).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(page.getByTestId('export-dialog')).toBeHidden();

  // Escape closes the menu and gives focus back to its button; Disconnect from it ends the session.
  await more.click();
  await expect(menu).toBeVisible();
  await page.keyboard.press('Escape');
  await expect(menu).toBeHidden();
  await more.click();
  await menu.getByRole('menuitem', { name: 'Disconnect' }).click();
  await expect(page.getByTestId('active-session').getByText('closed')).toBeVisible({ timeout: 10_000 });
});

/** Rows of the timeline that are wholly inside its visible area. */
async function rowsInView(page: Page, scroller: Locator): Promise<number> {
  const view = (await scroller.boundingBox())!;
  let n = 0;
  for (const box of await rows(page).evaluateAll((els) => els.map((el) => { const r = el.getBoundingClientRect(); return { y: r.y, height: r.height }; }))) {
    if (box.height > 0 && box.y >= view.y - 0.5 && box.y + box.height <= view.y + view.height + 0.5) n++;
  }
  return n;
}

test('at 1440×900 an MCP session keeps a dozen timeline rows: its panes are the composer’s MCP tab', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app);
  const form = await connectForm(page);
  const cmd = form.getByLabel('Command line');
  if (!(await cmd.isVisible())) await form.getByRole('button', { name: 'Command line' }).click();
  await cmd.fill(EVERYTHING);
  await form.getByLabel('Protocol').selectOption({ label: 'MCP' });
  await form.getByRole('button', { name: 'Connect', exact: true }).click();

  // The panes open on their own tab of the composer, with the server's tools listed.
  const compose = page.getByRole('tablist', { name: 'Compose' });
  await expect(compose.getByRole('tab', { name: 'MCP' })).toHaveAttribute('aria-selected', 'true', { timeout: 30_000 });
  const panes = page.getByRole('region', { name: 'MCP' });
  await expect(panes.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'echo', exact: true })).toBeVisible({ timeout: 30_000 });

  // Enough traffic to fill the timeline.
  const sessionId = await page.evaluate(() => window.sessionStorage.getItem('rpcscope.activeSession'));
  for (let i = 1; i <= 8; i++) await apiSend(page, app, sessionId!, JSON.stringify({ jsonrpc: '2.0', id: `ping-${i}`, method: 'ping' }));
  await expect.poll(() => rows(page).count(), { message: 'the pings and their answers arrive' }).toBeGreaterThanOrEqual(16);
  const n = await rowsInView(page, timeline(page));
  expect(n, 'timeline rows wholly in view at 1440×900').toBeGreaterThanOrEqual(12);
  await page.screenshot({ path: test.info().outputPath('mcp-session-1440x900.png') });

  // Request and Batch are beside it; the tools stay where they were when the user comes back.
  await compose.getByRole('tab', { name: 'Request' }).click();
  await expect(panes).toBeHidden();
  await compose.getByRole('tab', { name: 'MCP' }).click();
  await expect(panes.getByRole('list', { name: 'Tools' }).getByRole('button', { name: 'echo', exact: true })).toBeVisible();
});
