/**
 * A real rpcscope server process without the Next pages (no build needed), for tests that need a
 * second process: `node --import tsx tests/integration/helpers/api-server-child.ts --port 0`.
 * Prints `rpcscope is ready: <url>` like the app, and stops cleanly on SIGTERM.
 */
import { startServer } from '../../../server/main';
import { loadConfig } from '../../../server/config';

const running = await startServer(loadConfig(process.argv.slice(2), process.env), { pages: false });
console.log(`rpcscope is ready: ${running.url}`);
process.on('SIGTERM', () => {
  running.stop().then(
    () => process.exit(0),
    () => process.exit(1),
  );
});
