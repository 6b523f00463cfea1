/**
 * Export → "Publish to team" in the browser, against a team server on a real PostgreSQL: the team
 * URL and a member's token are set once in the dialog (the page then shows "token set ✓" and never
 * holds the token), the redaction preview comes first, and the dialog shows the TEAM_URL/t/<id> link
 * of a session the team server really has.
 */
import { createToken } from '../../server/team/auth';
import { startTeamServer, type TeamServer } from '../../server/team/server';
import { openTeamStore } from '../../server/team/store/open';
import type { TeamStore } from '../../server/team/store/types';
import type { SessionFileV1 } from '../../lib/session/types';
import { freshDatabase, startPostgres, type TestPostgres } from '../helpers/postgres';
import { test, expect } from './helpers/fixtures';
import { STDIO_PEER, apiSend, connectStdio, openApp } from './helpers/app';

let pg: TestPostgres;
let store: TeamStore;
let server: TeamServer;
let token: string;

test.beforeAll(async () => {
  pg = await startPostgres();
  store = openTeamStore(await freshDatabase(pg.url));
  await store.migrate();
  server = await startTeamServer(store, { port: 0, log: () => {} });
  token = (await createToken(store, (await store.addUser('ada', 'member')).id, 'app')).token;
});
test.afterAll(async () => {
  await server?.close();
  await store?.close();
  await pg?.stop();
});

test('a session is published to the team from the export dialog and its link shown', async ({ page, app }) => {
  await openApp(page, app);
  const id = await connectStdio(page, STDIO_PEER, { framing: 'newline', name: 'to the team' });
  await apiSend(page, app, id, '{"jsonrpc":"2.0","id":1,"method":"echo","params":["for the team"]}');

  await page.getByRole('button', { name: 'Export', exact: true }).first().click();
  const panel = page.getByTestId('publish-panel');
  await panel.getByLabel('Team server URL').fill(server.url);
  await panel.getByLabel('Personal access token').fill(token);
  await panel.getByRole('button', { name: 'Save team settings' }).click();
  await expect(panel.getByTestId('team-token-set')).toHaveText('token set ✓');
  await expect(panel.getByTestId('team-link-url')).toHaveText(server.url);

  // Nothing leaves before the preview of these options.
  await expect(panel.getByRole('button', { name: 'Publish to team' })).toBeDisabled();
  await page.getByTestId('export-preview').click();
  await panel.getByRole('button', { name: 'Publish to team' }).click();
  const link = panel.getByTestId('publish-link');
  await expect(link).toHaveText(new RegExp(`^${server.url.replace(/[.]/g, '\\.')}/t/[A-Za-z0-9_-]+$`));
  expect(await page.content()).not.toContain(token);

  const published = (await link.textContent())!.split('/t/')[1];
  const res = await fetch(`${server.url}/api/sessions/${published}/export?format=session`, { headers: { authorization: `Bearer ${token}` } });
  const file = (await res.json()) as SessionFileV1;
  expect(file.name).toBe('to the team');
  expect(JSON.stringify(file.events)).toContain('for the team');
});
