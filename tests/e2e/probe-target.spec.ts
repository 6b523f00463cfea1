/**
 * "Probe this target" in the browser, on the fixture stdio peer made to answer notifications: the
 * probe's session opens, the report card lists a FAIL MUST line with the spec sentence, and a
 * click on one of its seq links selects that entry in the timeline (the panel folds away).
 */
import { test, expect } from './helpers/fixtures';
import { STDIO_PEER, activeSessionId, connectStdio, openApp, rowBySeq } from './helpers/app';

const SHOTS = process.env.PROBE_SHOTS_DIR;

test('Probe this target opens the probe session and a report whose FAIL line links to the entry', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await openApp(page, app);
  const first = await connectStdio(page, `${STDIO_PEER} --deviate answer-notifications`, { name: 'deviant peer' });

  await page.getByRole('button', { name: 'Probe this target' }).click();
  const report = page.getByTestId('probe-report');
  await expect(report).toBeVisible({ timeout: 30_000 });
  await expect(page.getByTestId('active-session')).toContainText('probe: deviant peer');
  expect(await activeSessionId(page)).not.toBe(first);

  const line = report.locator('[data-check="notification/unknown"]');
  await expect(line).toHaveAttribute('data-outcome', 'fail');
  await expect(line).toContainText('FAIL');
  await expect(line).toContainText('MUST');
  await expect(line.locator('blockquote')).toContainText('The Server MUST NOT reply to a Notification');
  await expect(page.getByTestId('probe-counts')).toContainText(/[1-9]\d* MUST broken/);
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/probe-report.png` });

  // The peer's answer to the notification: the link selects its row.
  const answer = line.getByRole('button', { name: /←/ }).first();
  const seq = Number((await answer.textContent())!.match(/#(\d+)/)![1]);
  await answer.click();
  await expect(rowBySeq(page, seq)).toHaveAttribute('aria-selected', 'true');
  // The panel folds away so the inspector shows the entry; "Probe report" brings it back.
  await expect(report).toBeHidden();
  if (SHOTS) await page.screenshot({ path: `${SHOTS}/probe-selected.png` });
  await page.getByRole('button', { name: 'Probe report', exact: true }).click();
  await expect(report).toBeVisible();
  await page.getByRole('button', { name: 'Close the probe report' }).click();
  await expect(report).toBeHidden();
});
