import { defineConfig } from 'vitest/config';
import { fileURLToPath } from 'node:url';

export default defineConfig({
  resolve: { alias: { '@': fileURLToPath(new URL('./', import.meta.url)) } },
  test: {
    include: ['tests/unit/**/*.test.ts', 'tests/integration/**/*.test.ts'],
    // The HTML export's viewer bundle, built from the sources under test (exports inline it), and
    // the server build (scripts/build-server.mjs) the spawned `rpcscope` commands run.
    globalSetup: ['scripts/build-viewer.ts', 'scripts/build-server.mjs'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 20_000,
    pool: 'forks',
    // Vitest's default on two cores is one file at a time (cores - 1); most integration files wait on
    // child processes and sockets, so two at a time nearly halves the suite (CI's budget is 25 min).
    maxWorkers: 2,
  },
});
