/**
 * `{{variables}}` in the request builder, in Chromium: the environment is chosen in the header,
 * the params editor takes a placeholder where a number goes, "Will send" shows the filled-in text
 * with the secret masked, an unknown variable is named and blocks Send, and what is sent carries
 * the real values (masked on the page).
 */
import { test, expect } from './helpers/fixtures';
import { TOKEN_HEADER } from '../../lib/session/bridge';
import { SECRET_MASK } from '../../lib/variables/mask';
import { STDIO_PEER, connectStdio, openApp, rows, setEditor } from './helpers/app';

const SECRET = 'sk-Quartz-51e0b7';

test('{{variables}} in the builder: resolved preview, secret masked, unknown named, sent filled in', async ({ page, app, consoleErrors }) => {
  void consoleErrors;
  await page.setViewportSize({ width: 1440, height: 900 });
  const headers = { [TOKEN_HEADER]: app.token, origin: app.origin, 'content-type': 'application/json' };
  const res = await page.request.post(`${app.origin}/api/environments`, {
    headers,
    data: { name: 'staging', variables: [{ name: 'limit', value: '25', secret: false }, { name: 'apiToken', value: SECRET, secret: true }] },
  });
  expect(res.ok(), await res.text()).toBe(true);

  await openApp(page, app);
  await connectStdio(page, STDIO_PEER, { name: 'variables' });
  await page.getByTestId('header-environment').getByLabel('Active environment').selectOption({ label: 'staging (2)' });

  const b = page.getByTestId('request-builder');
  await b.getByLabel('Method', { exact: true }).fill('echo');
  await b.getByRole('radio', { name: 'By name { }' }).click();
  const editor = b.getByRole('textbox', { name: 'Params (by name)' });
  await setEditor(page, editor, '{"limit": {{limit}}, "auth": "Bearer {{apiToken}}", "page": {{page}}}');

  // Unknown: named, and Send is refused; the rest of the JSON is still judged, not the placeholder.
  await expect(b.getByTestId('builder-unknown-variables')).toContainText('Not defined in “staging”: {{page}}. Define it or choose another environment.');
  await expect(b.getByTestId('builder-error')).toHaveCount(0);
  await expect(b.getByTestId('builder-send')).toBeDisabled();

  await setEditor(page, editor, '{"limit": {{limit}}, "auth": "Bearer {{apiToken}}"}');
  await expect(b.getByTestId('builder-unknown-variables')).toHaveCount(0);
  await expect(b.getByTestId('builder-preview')).toHaveText(`{"jsonrpc":"2.0","id":1,"method":"echo","params":{"limit":25,"auth":"Bearer ${SECRET_MASK}"}}`);
  expect(await page.content()).not.toContain(SECRET);
  await page.screenshot({ path: 'screenshots/builder-variables.png' });

  await b.getByTestId('builder-send').click();
  await expect(b.getByTestId('send-status')).toContainText('answered');
  const sent = rows(page).filter({ has: page.getByRole('cell', { name: 'echo', exact: true }) }).last();
  await sent.click();
  const inspector = page.getByTestId('inspector');
  await inspector.getByRole('tab', { name: 'Raw' }).click();
  await expect(inspector.getByTestId('raw-wire')).toContainText(`"params":{"limit":25,"auth":"Bearer ${SECRET_MASK}"}`);
  await expect(inspector.getByTestId('secret-reveal')).toContainText('{{apiToken}}');
  expect(await page.content()).not.toContain(SECRET);
});
