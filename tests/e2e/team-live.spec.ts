/**
 * Two teammates in two browser contexts on a team server over a real PostgreSQL: each signs in
 * from their one-time link; one session is published live; the viewer watches its entries arrive
 * and sees the member's comment on an entry appear without reloading.
 */
import { expect, test, type Browser, type Page } from '@playwright/test';
import type { TrafficEvent } from '../../lib/session/types';
import { issueSignInLink } from '../../server/team/auth';
import { LivePublisher } from '../../server/team/publish-client';
import { startTeamServer, type TeamServer } from '../../server/team/server';
import { openTeamStore } from '../../server/team/store/open';
import type { TeamStore } from '../../server/team/store/types';
import { createToken } from '../../server/team/auth';
import { freshDatabase, startPostgres, type TestPostgres } from '../helpers/postgres';

let pg: TestPostgres;
let store: TeamStore;
let server: TeamServer;

test.beforeAll(async () => {
  pg = await startPostgres();
  store = openTeamStore(await freshDatabase(pg.url));
  await store.migrate();
  server = await startTeamServer(store, { port: 0, log: () => {} });
});
test.afterAll(async () => {
  await server?.close();
  await store?.close();
  await pg?.stop();
});

const ev = (seq: number): TrafficEvent =>
  ({ seq, t: seq * 10, time: 1_767_000_000_000 + seq * 10, dir: seq % 2 ? 'in' : 'out', kind: seq % 2 ? 'response' : 'request', id: Math.floor(seq / 2), method: seq % 2 ? undefined : 'tools/list', raw: `{"jsonrpc":"2.0","id":${Math.floor(seq / 2)},${seq % 2 ? '"result":{}' : '"method":"tools/list"'}}`, findings: [] }) as unknown as TrafficEvent;

async function signedIn(browser: Browser, name: string, role: 'member' | 'viewer'): Promise<Page> {
  const user = await store.addUser(name, role);
  const link = await issueSignInLink(store, user.id, server.url);
  const page = await (await browser.newContext()).newPage();
  await page.goto(link);
  await page.getByLabel('Password').fill('a long enough password');
  await page.getByRole('button', { name: 'Set password and sign in' }).click();
  await expect(page.getByRole('heading', { name: 'Published sessions' })).toBeVisible();
  return page;
}

test('a viewer watches a live session and a teammate comment arrive', async ({ browser }) => {
  const ada = await signedIn(browser, 'ada', 'member');
  const bob = await signedIn(browser, 'bob', 'viewer');
  const publisherUser = await store.user({ name: 'ada' });
  const pub = new LivePublisher(server.url, (await createToken(store, publisherUser!.id, 'app')).token);
  const { url } = await pub.start({ format: 'rpcscope-session', version: 1, name: 'mcp live', startedAt: new Date().toISOString(), target: { kind: 'http', url: 'http://127.0.0.1:9/mcp' }, events: [ev(0), ev(1)] });

  await bob.goto(url);
  await ada.goto(url);
  await expect(bob.getByTestId('live-state')).toHaveText('● live');
  await expect(bob.locator('.row[data-seq="1"]')).toBeVisible();
  await bob.locator('.row[data-seq="1"]').click();
  await expect(bob.getByTestId('comments')).toContainText('Comments (0)');
  // A viewer may read, not comment: no box.
  await expect(bob.getByLabel('Comment on this entry')).toHaveCount(0);

  await pub.append([ev(2), ev(3), ev(4)]);
  await expect(bob.locator('.row[data-seq="4"]')).toBeVisible();

  await ada.locator('.row[data-seq="1"]').click();
  await ada.getByLabel('Comment on this entry').fill('this reply came back empty <b>why</b>?');
  await ada.getByRole('button', { name: 'Comment' }).click();
  await expect(bob.getByTestId('comments')).toContainText('Comments (1)');
  await expect(bob.getByTestId('comments')).toContainText('this reply came back empty <b>why</b>?');
  await expect(bob.getByTestId('comments')).toContainText('ada');
  await bob.screenshot({ path: test.info().outputPath('team-live-viewer.png') });
  if (process.env.TEAM_SCREENSHOT) await bob.screenshot({ path: process.env.TEAM_SCREENSHOT });

  await pub.finish();
  await expect(bob.getByTestId('live-state')).toHaveText('finished');
});
