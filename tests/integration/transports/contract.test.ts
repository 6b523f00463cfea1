/**
 * The same promises from every registered transport: adding a transport without a fixture peer and
 * a line here fails this suite.
 */
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { afterAll, describe, expect, it } from 'vitest';
import type { TargetSpec } from '@/lib/session/types';
import { CONNECTABLE_KIND_LIST, TARGET_KINDS, type ConnectableKind } from '@/lib/targets/registry';
import { createTransport } from '@/server/transports/registry';
import { peerPath, startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { contentLengthFrame, newlineMessages, record, rpc, splitContentLength, waitFor, type Recorded } from './helpers';

interface Setup {
  peer?: Parameters<typeof startPeer>;
  target(port: number): TargetSpec;
  frame(text: string): Uint8Array | string;
  replies(r: Recorded): unknown[];
}

const byContentLength = (r: Recorded) => splitContentLength(r.bytesText()).map((f) => JSON.parse(f.body) as unknown);

const socketDir = mkdtempSync(path.join(tmpdir(), 'rpcscope-contract-'));
const socketPath = path.join(socketDir, 'peer.sock');

const setups: Record<ConnectableKind, Setup> = {
  http: {
    peer: ['http-peer'],
    target: (port) => ({ kind: 'http', url: `http://127.0.0.1:${port}/` }),
    frame: (text) => text,
    replies: (r) => r.json(),
  },
  websocket: {
    peer: ['ws-peer'],
    target: (port) => ({ kind: 'websocket', url: `ws://127.0.0.1:${port}/` }),
    frame: (text) => text,
    replies: (r) => r.json(),
  },
  stdio: {
    target: () => ({ kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer')], framing: 'content-length' }),
    frame: contentLengthFrame,
    replies: byContentLength,
  },
  tcp: {
    peer: ['tcp-peer', ['--framing', 'newline']],
    target: (port) => ({ kind: 'tcp', host: '127.0.0.1', port, framing: 'newline' }),
    frame: (text) => Buffer.from(`${text}\n`),
    replies: (r) => newlineMessages(r.bytesText()),
  },
  unix: {
    peer: ['tcp-peer', ['--framing', 'content-length', '--unix', socketPath]],
    target: () => ({ kind: 'unix', path: socketPath, framing: 'content-length' }),
    frame: contentLengthFrame,
    replies: byContentLength,
  },
};

const peers: RunningPeer[] = [];
afterAll(async () => {
  await Promise.all(peers.map((p) => p.stop()));
  rmSync(socketDir, { recursive: true, force: true });
});

describe.each(CONNECTABLE_KIND_LIST)('every transport keeps the contract: %s', (kind) => {
  it('answers a request, reports its close once, and refuses sends after close', async () => {
    const setup = setups[kind];
    expect(setup, `no fixture setup for transport kind "${kind}"`).toBeDefined();
    let port = 0;
    if (setup.peer) {
      const peer = await startPeer(...setup.peer);
      peers.push(peer);
      port = peer.port;
    }
    const r = record();
    const t = createTransport(setup.target(port), r.events);
    expect(t.kind).toBe(kind);
    // The kind's record and its transport agree on whether it is a byte stream.
    expect(t.stream).toBe(TARGET_KINDS[kind].stream);
    try {
      await t.start();
      await t.send(setup.frame(rpc('subtract', [42, 23], 0)));
      await waitFor(() => setup.replies(r).length === 1, 'the reply');
      expect(setup.replies(r)).toEqual([{ jsonrpc: '2.0', result: 19, id: 0 }]);
    } finally {
      await t.close();
    }
    await t.close();
    expect(r.closes).toHaveLength(1);
    await expect(t.send(setup.frame(rpc('echo')))).rejects.toThrow();
  });
});
