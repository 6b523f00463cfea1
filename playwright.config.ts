import { defineConfig } from '@playwright/test';

// Debian's Chromium: Playwright cannot download its own browser on these machines.
export default defineConfig({
  testDir: 'tests/e2e',
  // The HTML export's viewer bundle, built from the sources under test (the server and specs inline it).
  // And the server build (scripts/build-server.mjs), once, before specs spawn `rpcscope`.
  globalSetup: ['./scripts/build-viewer.ts', './scripts/build-server.mjs'],
  timeout: 60_000,
  workers: 1,
  reporter: [['list'], ['json', { outputFile: 'reports/e2e.json' }]],
  use: {
    launchOptions: {
      executablePath: process.env.CHROMIUM_PATH ?? '/usr/bin/chromium',
      args: [
        '--headless', '--no-sandbox', '--disable-gpu', '--disable-quic', '--no-first-run',
        '--disable-background-networking', '--disable-component-update', '--disable-sync',
        '--disable-dev-shm-usage',
      ],
    },
    screenshot: 'only-on-failure',
  },
});
