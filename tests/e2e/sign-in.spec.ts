/**
 * Signing in from the printed URL in Chromium: the page works, the code and the token are nowhere the
 * page or its history can see, the cookie is httpOnly, a reload stays signed in, and the link works
 * once — a second browser is told so and the terminal gets a fresh link.
 */
import { test, expect } from './helpers/fixtures';
import { startApp, type RunningApp } from './helpers/server';

let own: RunningApp;

test.beforeAll(async () => {
  // Its own start: the printed link must be unused when the first test opens it.
  own = await startApp();
});

test.afterAll(async () => {
  await own?.stop();
});

test.describe.configure({ mode: 'serial' });

test.describe('signing in with the printed link', () => {
  test('the printed link signs this browser in and leaves no secret where page script or history can see it', async ({ page, context, consoleErrors }) => {
    void consoleErrors;
    expect(own.url).toMatch(/\/\?code=[0-9a-f]{32}$/);
    await page.goto(own.url);
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toHaveAttribute('data-loaded', 'true');

    const seen = await page.evaluate(() => ({
      href: window.location.href,
      cookie: document.cookie,
      storage: JSON.stringify({ ...window.sessionStorage }) + JSON.stringify({ ...window.localStorage }),
      html: document.documentElement.outerHTML,
    }));
    expect(seen.href).toBe(`${own.origin}/`);
    expect(seen.cookie).toBe('');
    const code = new URL(own.url).searchParams.get('code')!;
    for (const secret of [code, own.token]) {
      expect(seen.storage).not.toContain(secret);
      expect(seen.html).not.toContain(secret);
    }

    const cookies = await context.cookies(own.origin);
    expect(cookies).toHaveLength(1);
    expect(cookies[0]).toMatchObject({ name: `rpcscope-${own.port}`, httpOnly: true, sameSite: 'Strict', path: '/' });
    expect(cookies[0].value).not.toContain(own.token);

    // History holds no entry with the code: the signed-in page replaced it, so Back leaves the app.
    await page.goBack();
    expect(page.url()).toBe('about:blank');
    await page.goForward();
    expect(page.url()).toBe(`${own.origin}/`);
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toHaveAttribute('data-loaded', 'true');

    // A reload (no code any more) stays signed in, by the cookie.
    await page.reload();
    await expect(page.getByRole('navigation', { name: 'Sessions' })).toHaveAttribute('data-loaded', 'true');
    await expect(page.getByRole('alert', { name: 'Sign in' })).toHaveCount(0);

    // A second tab from the same, now used, link in this browser just works.
    const second = await context.newPage();
    await second.goto(own.url);
    await expect(second.getByRole('navigation', { name: 'Sessions' })).toHaveAttribute('data-loaded', 'true');
    await expect(second).toHaveURL(`${own.origin}/`);
    await second.close();
  });

  test('the same link in another browser is refused, says why, and the terminal shows a fresh one', async ({ browser }) => {
    const other = await browser.newContext();
    try {
      const page = await other.newPage();
      const printedBefore = (own.output().match(/a page asked to sign in; open (\S+)/g) ?? []).length;
      await page.goto(own.url);
      await expect(page.getByRole('heading', { name: 'This sign-in link was already used' })).toBeVisible();
      await expect(page.getByTestId('sign-in-detail')).toContainText('terminal where rpcscope runs shows a fresh sign-in link');
      await expect(page).toHaveURL(`${own.origin}/`);
      expect(await other.cookies(own.origin)).toEqual([]);

      // The server printed a fresh link in its terminal; it signs this browser in.
      await expect.poll(() => (own.output().match(/a page asked to sign in; open (\S+)/g) ?? []).length).toBe(printedBefore + 1);
      const fresh = /a page asked to sign in; open (\S+)\s*$/.exec(own.output().trimEnd())![1];
      await page.goto(fresh);
      await expect(page.getByRole('navigation', { name: 'Sessions' })).toHaveAttribute('data-loaded', 'true');
    } finally {
      await other.close();
    }
  });
});
