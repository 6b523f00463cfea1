/**
 * A target that floods notifications must not freeze the page (issue 2): while 20,000
 * notifications pour in, toolbar controls still answer a click at once, and in the end the
 * timeline holds every entry, following the newest.
 */
import { test, expect } from './helpers/fixtures';
import { STDIO_PEER, apiSend, connectStdio, openApp, rows } from './helpers/app';

const CALLS = 4;
const PER_CALL = 5_000;
const CLICK_BUDGET_MS = 500;

const entries = (text: string): number => Number(text.replace(/ entries$/, '').replace(/,/g, ''));

test('while a target floods 20,000 notifications the page answers clicks within 500 ms and ends up showing every entry', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  test.setTimeout(90_000);
  await page.setViewportSize({ width: 1440, height: 900 });
  await openApp(page, app);
  const id = await connectStdio(page, STDIO_PEER, { name: 'flood' });
  const count = page.getByTestId('timeline-count');
  await expect(count).toHaveText(/^\d[\d,]* entries$/);
  const before = entries(await count.innerText());

  // The time-column toggle: its label says which mode is on, so a response to a click is visible.
  // Clicks are real mouse input; the page records, for each, the time from the input event (as
  // the browser received it, so time spent queued behind other work counts) to the next painted
  // frame, which shows the new label.
  const clockOrSince = page.getByRole('button', { name: /^(Clock|Since start)$/ });
  await page.evaluate(() => {
    const w = window as unknown as { clickToPaint: number[] };
    w.clickToPaint = [];
    document.addEventListener('click', (e) => {
      const t = e.timeStamp;
      requestAnimationFrame(() => {
        const ch = new MessageChannel();
        ch.port1.onmessage = () => w.clickToPaint.push(performance.now() - t);
        ch.port2.postMessage(0);
      });
    }, true);
  });
  let clicked = 0;
  const clickToPaint = async () => {
    clicked++;
    await page.waitForFunction((k) => (window as unknown as { clickToPaint: number[] }).clickToPaint.length >= k, clicked);
    return page.evaluate((k) => (window as unknown as { clickToPaint: number[] }).clickToPaint[k - 1], clicked);
  };
  const clicks: { ms: number; shownBefore: number }[] = [];
  const timedClick = async () => {
    const shownBefore = entries(await count.innerText());
    const label = (await clockOrSince.innerText()).trim();
    const box = await clockOrSince.boundingBox();
    expect(box, 'the time toggle is on screen').not.toBeNull();
    await page.mouse.click(box!.x + box!.width / 2, box!.y + box!.height / 2);
    await expect(clockOrSince).toHaveText(label === 'Clock' ? 'Since start' : 'Clock', { timeout: 5_000 });
    clicks.push({ ms: await clickToPaint(), shownBefore });
  };

  // Four bursts of 5,000, a fifth of a second apart, with clicks in between: the page is busy the
  // whole time, and every click lands before the last burst has even been asked for.
  for (let i = 0; i < CALLS; i++) {
    await apiSend(page, app, id, JSON.stringify({ jsonrpc: '2.0', id: `flood-${i}`, method: 'flood', params: { n: PER_CALL } }));
    if (i < CALLS - 1) {
      await timedClick();
      await page.waitForTimeout(200);
    }
  }
  // Opening the statistics panel (which reads every entry) also answers while the tail arrives.
  const stats = page.getByRole('button', { name: 'Stats' });
  await stats.click();
  await expect(stats).toHaveAttribute('aria-pressed', 'true', { timeout: 5_000 });
  const statsMs = await clickToPaint();

  test.info().annotations.push({ type: 'click → painted during the flood', description: [...clicks.map((c) => c.ms), statsMs].map((x) => `${x.toFixed(0)} ms`).join(', ') });
  const total = before + CALLS * (PER_CALL + 2);
  await expect(count).toHaveText(`${total.toLocaleString('en-US')} entries`, { timeout: 60_000 });
  for (const c of clicks) {
    expect(c.shownBefore, 'the click came while entries were still arriving').toBeLessThan(total);
    expect(c.ms, `click answered in ${c.ms} ms`).toBeLessThan(CLICK_BUDGET_MS);
  }
  expect(statsMs, `statistics opened in ${statsMs} ms`).toBeLessThan(CLICK_BUDGET_MS * 2);

  // Live-follow kept up: the last answer is on screen, and the statistics counted every notification.
  await expect(rows(page).filter({ has: page.getByRole('cell', { name: '"flood-3"' }) }).last()).toBeVisible();
  // (flood: the 4 requests we sent plus the 20,000 notifications the target sent.)
  const floodStats = page.getByLabel('Per-method statistics').getByRole('row').filter({ hasText: 'flood' });
  await expect(floodStats).toContainText(String(CALLS * PER_CALL + CALLS));
});
