import { afterEach, describe, expect, it } from 'vitest';
import type { StdioTarget } from '@/lib/session/types';
import { createTransport } from '@/server/transports/registry';
import type { Transport } from '@/server/transports/types';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { pidAlive, record, waitFor, type Recorded } from './helpers';

const open: Transport[] = [];
const pids: number[] = [];

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
  for (const pid of pids.splice(0)) if (pidAlive(pid)) process.kill(pid, 'SIGKILL');
});

/**
 * A target that forks a grandchild which ignores SIGTERM and shares its stdout (as npx wrappers and
 * language-server launchers do), prints the grandchild's pid on stderr, then exits after `exitAfterMs`.
 */
function launcher(exitAfterMs: number | null): StdioTarget {
  const code =
    `const c = require('node:child_process').spawn(process.execPath, [${JSON.stringify(peerPath('stdio-peer'))}, '--ignore-stdin-end', '--ignore-sigterm'], { stdio: ['ignore', 'inherit', 'inherit'] });` +
    `console.error('GRANDCHILD ' + c.pid);` +
    (exitAfterMs === null ? 'setInterval(() => {}, 1e9);' : `setTimeout(() => process.exit(0), ${exitAfterMs});`);
  return { kind: 'stdio', command: process.execPath, args: ['-e', code], framing: 'newline' };
}

async function spawnTarget(target: StdioTarget): Promise<{ t: Transport; r: Recorded; grandchild: number }> {
  const r = record();
  const t = createTransport(target, r.events, { startGraceMs: 50, closeWaitMs: 200, killWaitMs: 300 });
  open.push(t);
  await t.start();
  await waitFor(() => r.stderr.some((l) => l.startsWith('GRANDCHILD ')), 'the grandchild pid');
  const grandchild = Number(r.stderr.find((l) => l.startsWith('GRANDCHILD '))!.split(' ')[1]);
  pids.push(grandchild);
  return { t, r, grandchild };
}

describe('no orphaned processes', () => {
  it('when the target exits by itself, a grandchild that ignores SIGTERM and holds stdout is ended too', async () => {
    const { r, grandchild } = await spawnTarget(launcher(300));
    expect(pidAlive(grandchild)).toBe(true);
    await waitFor(() => r.closes.length === 1, 'the target to exit', 5000);
    expect(r.closes[0]).toBe('exited with code 0');
    await waitFor(() => !pidAlive(grandchild), 'the grandchild to be gone', 3000);
    // The grandchild got SIGTERM first, and said it ignores it.
    expect(r.stderr).toContain('[peer] got SIGTERM and ignores it');
  });

  it('when the session closes, the grandchild goes with the target', async () => {
    const { t, grandchild } = await spawnTarget(launcher(null));
    await t.close();
    await waitFor(() => !pidAlive(grandchild), 'the grandchild to be gone', 3000);
  });
});
