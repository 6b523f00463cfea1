/** Page-level steps every browser test repeats: open the app, connect, send, read the timeline. */
import { expect, type Locator, type Page } from '@playwright/test';
import { TOKEN_HEADER } from '../../../lib/session/bridge';
import type { RunningApp } from './server';

export const STDIO_PEER = 'node tests/fixtures/peers/stdio-peer.mjs';

/** Signs the page in the way a user does, with a fresh one-time link (each works once), and waits for the app. */
export async function openApp(page: Page, app: RunningApp): Promise<void> {
  await page.goto(await app.signInUrl());
  // The sidebar knows the server's sessions (so the connect form will not change under us).
  await expect(page.getByRole('navigation', { name: 'Sessions' })).toHaveAttribute('data-loaded', 'true');
  // The code leaves the address bar at once.
  await expect(page).not.toHaveURL(/code=/);
}

/** Replace a CodeMirror editor's text the way a paste would (no key-by-key auto-indent). */
export async function setEditor(page: Page, editor: Locator, text: string): Promise<void> {
  await editor.click();
  await page.keyboard.press('ControlOrMeta+a');
  if (text === '') await page.keyboard.press('Delete');
  else await page.keyboard.insertText(text);
}

/** The connection form in the sidebar, unfolded. */
export async function connectForm(page: Page): Promise<Locator> {
  const nav = page.getByRole('navigation', { name: 'Sessions' });
  const form = nav.getByRole('form', { name: 'Connect to a target' });
  if (!(await form.isVisible())) await nav.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect(form).toBeVisible();
  return form;
}

/** Presses Connect on a filled form and waits for the new session to become active and live. */
export async function submitConnect(page: Page, form: Locator): Promise<string> {
  const before = await activeSessionId(page);
  await form.getByRole('button', { name: 'Connect', exact: true }).click();
  await expect.poll(() => activeSessionId(page), { message: 'a new session becomes active' }).not.toBe(before);
  // Spawning a process or opening a socket can take a while on a busy machine.
  await expect(page.getByTestId('active-session').getByText('live')).toBeVisible({ timeout: 15_000 });
  return (await activeSessionId(page))!;
}

/** Fills the connection form for a stdio target and connects; returns the new session's id. */
export async function connectStdio(page: Page, commandLine: string, opts: { framing?: 'content-length' | 'newline'; name?: string } = {}): Promise<string> {
  const form = await connectForm(page);
  await form.getByRole('radio', { name: 'stdio' }).click();
  const cmd = form.getByLabel('Command line');
  if (!(await cmd.isVisible())) await form.getByRole('button', { name: 'Command line' }).click();
  await cmd.fill(commandLine);
  await form.getByLabel('Framing').selectOption(opts.framing ?? 'content-length');
  await form.getByLabel('Session name').fill(opts.name ?? '');
  return submitConnect(page, form);
}

export async function activeSessionId(page: Page): Promise<string | null> {
  return page.evaluate(() => window.sessionStorage.getItem('rpcscope.activeSession'));
}

/** Sends one message text through the API, exactly as the page would (for setting up traffic fast). */
export async function apiSend(page: Page, app: RunningApp, sessionId: string, text: string): Promise<number> {
  const res = await page.request.post(`${app.origin}/api/sessions/${sessionId}/send`, {
    headers: { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' },
    data: { text },
  });
  expect(res.ok(), await res.text()).toBe(true);
  return ((await res.json()) as { seq: number }).seq;
}

export function timeline(page: Page): Locator {
  return page.getByTestId('timeline-scroll');
}

export function rows(page: Page): Locator {
  return timeline(page).getByRole('row');
}

export function rowBySeq(page: Page, seq: number): Locator {
  return timeline(page).locator(`[role=row][data-seq="${seq}"]`);
}

/** Cells of a row as text: seq, time, dir, kind, id, method, latency, status, findings. */
export async function rowCells(row: Locator): Promise<string[]> {
  return row.getByRole('cell').allInnerTexts();
}
