/**
 * Playwright fixtures shared by every browser test: `app` is one real server per worker;
 * `page` fails the test on any console error or uncaught page error (a favicon 404, a React
 * warning, a crashed render) so visual regressions cannot hide behind a passing assertion.
 */
import { test as base, expect, type Page } from '@playwright/test';
import { startApp, type RunningApp } from './server';

export { expect };

export const test = base.extend<{ consoleErrors: string[] }, { app: RunningApp }>({
  app: [
    // eslint-disable-next-line no-empty-pattern -- Playwright requires the destructuring form
    async ({}, provide) => {
      const app = await startApp();
      try {
        await provide(app);
      } finally {
        await app.stop();
      }
    },
    { scope: 'worker', timeout: 60_000 },
  ],
  consoleErrors: async ({ page }, provide) => {
    const errors: string[] = [];
    // A failed request's message names no URL: its location does, so a failure says which call it was.
    page.on('console', (m) => {
      if (m.type() !== 'error') return;
      const url = m.location().url;
      errors.push(url && m.text().startsWith('Failed to load resource') ? `${m.text()}: ${url}` : m.text());
    });
    page.on('pageerror', (e) => errors.push(`page error: ${e.message}`));
    await provide(errors);
    expect(errors, 'console errors during the test').toEqual([]);
  },
});

export type { Page };
