/**
 * The probe report leaves the app with its session: probe the fixture stdio peer made to answer
 * notifications, export the session as HTML and open it from disk (its Probe tab lists the FAIL
 * MUST line, and a seq link selects that entry in the export's timeline), then import the session
 * file into another rpcscope, where the imported session shows the same report card.
 */
import { copyFileSync, mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { pathToFileURL } from 'node:url';
import type { Page } from '@playwright/test';
import { test, expect } from './helpers/fixtures';
import { STDIO_PEER, connectStdio, openApp } from './helpers/app';
import { startApp } from './helpers/server';

const SHOTS = process.env.PROBE_SHOTS_DIR;

async function download(page: Page, format: RegExp, dir: string): Promise<string> {
  await page.getByTestId('active-session').getByRole('button', { name: 'Export' }).click();
  const dialog = page.getByTestId('export-dialog');
  await dialog.getByRole('radio', { name: format }).check();
  await dialog.getByTestId('export-preview').click();
  await expect(dialog.getByTestId('export-download')).toBeEnabled();
  const [file] = await Promise.all([page.waitForEvent('download'), dialog.getByTestId('export-download').click()]);
  const to = path.join(dir, file.suggestedFilename());
  copyFileSync((await file.path())!, to);
  await page.keyboard.press('Escape');
  await expect(dialog).toBeHidden();
  return to;
}

test('a probed session’s report is in its HTML export (Probe tab, seq links) and comes along when its file is imported elsewhere', async ({ page, app, context, browser, consoleErrors }) => {
  test.setTimeout(120_000);
  void consoleErrors;
  await openApp(page, app);
  await connectStdio(page, `${STDIO_PEER} --deviate answer-notifications`, { name: 'deviant peer' });
  await page.getByRole('button', { name: 'Probe this target' }).click();
  const panel = page.getByTestId('probe-report');
  await expect(panel).toBeVisible({ timeout: 30_000 });
  const counts = (await page.getByTestId('probe-counts').textContent())!;
  await page.getByRole('button', { name: 'Close the probe report' }).click();

  const dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-probe-export-'));
  try {
    const html = await download(page, /HTML page/, dir);
    const sessionFile = await download(page, /Session file/, dir);

    // The HTML export, from disk: the Probe tab shows the card; a seq link selects the entry in its timeline.
    const viewer = await context.newPage();
    const problems: string[] = [];
    viewer.on('pageerror', (err) => problems.push(err.message));
    await viewer.setViewportSize({ width: 1440, height: 900 });
    await viewer.goto(pathToFileURL(html).href);
    await viewer.getByRole('button', { name: 'Probe', exact: true }).click();
    const card = viewer.getByLabel('Probe report');
    await expect(card.getByTestId('probe-counts')).toHaveText(counts);
    const line = card.locator('[data-check="notification/unknown"]');
    await expect(line).toHaveAttribute('data-outcome', 'fail');
    await expect(line.locator('.probe-verdict')).toHaveText('FAIL');
    await expect(line.locator('.probe-level')).toHaveText('MUST');
    await expect(line.locator('blockquote')).toContainText('The Server MUST NOT reply to a Notification');
    if (SHOTS) await viewer.screenshot({ path: `${SHOTS}/export-probe-tab.png` });
    const answer = line.getByRole('button', { name: /←/ }).first();
    const seq = Number((await answer.textContent())!.match(/#(\d+)/)![1]);
    await answer.click();
    await expect(viewer.locator(`.row.sel[data-seq="${seq}"]`)).toBeVisible();
    await expect(card).toBeHidden();
    if (SHOTS) await viewer.screenshot({ path: `${SHOTS}/export-probe-selected.png` });
    expect(problems).toEqual([]);
    await viewer.close();

    // The session file, imported into another rpcscope: the imported session has the report card.
    const elsewhere = await startApp();
    try {
      // Its own browser context: its sign-in cookie must not replace the first app's (cookies ignore ports).
      const otherContext = await browser.newContext();
      const other = await otherContext.newPage();
      await openApp(other, elsewhere);
      await other.getByRole('navigation', { name: 'Sessions' }).getByRole('button', { name: 'History', exact: true }).click();
      await other.getByTestId('import-session-input').setInputFiles({ name: path.basename(sessionFile), mimeType: 'application/json', buffer: readFileSync(sessionFile) });
      await expect(other.getByTestId('active-session').getByTestId('imported-badge')).toHaveText('imported');
      await other.keyboard.press('Escape');
      await other.getByRole('button', { name: 'Probe report', exact: true }).click();
      const imported = other.getByTestId('probe-report');
      await expect(imported).toBeVisible();
      await expect(imported.getByTestId('probe-counts')).toHaveText(counts);
      await expect(imported.locator('[data-check="notification/unknown"]')).toHaveAttribute('data-outcome', 'fail');
      if (SHOTS) await other.screenshot({ path: `${SHOTS}/imported-probe-report.png` });
      await otherContext.close();
    } finally {
      await elsewhere.stop();
    }
  } finally {
    rmSync(dir, { recursive: true, force: true });
  }
});
