import net from 'node:net';
import { afterAll, afterEach, beforeAll, describe, expect, it } from 'vitest';
import { createTransport } from '@/server/transports/registry';
import type { Transport } from '@/server/transports/types';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { contentLengthFrame, newlineFrame, newlineMessages, record, rpc, splitContentLength, waitFor, type Recorded } from './helpers';

let cl: RunningPeer;
let nl: RunningPeer;
const open: Transport[] = [];

beforeAll(async () => {
  [cl, nl] = await Promise.all([
    startPeer('tcp-peer', ['--framing', 'content-length', '--banner', 'tcp peer ready']),
    startPeer('tcp-peer', ['--framing', 'newline', '--batch-reverse']),
  ]);
});

afterAll(async () => {
  await Promise.all([cl, nl].map((p) => p?.stop()));
});

afterEach(async () => {
  await Promise.all(open.splice(0).map((t) => t.close()));
});

async function connect(port: number, framing: 'content-length' | 'newline'): Promise<{ t: Transport; r: Recorded }> {
  const r = record();
  const t = createTransport({ kind: 'tcp', host: '127.0.0.1', port, framing }, r.events);
  open.push(t);
  await t.start();
  return { t, r };
}

describe('TCP transport', () => {
  it('connects and passes the bytes on untouched, banner included', async () => {
    const { t, r } = await connect(cl.port, 'content-length');
    expect(r.meta[0].note).toBe(`connected to 127.0.0.1:${cl.port}`);
    await t.send(contentLengthFrame(rpc('subtract', [23, 42], 'a')));
    await waitFor(() => splitContentLength(r.bytesText().slice('tcp peer ready\n'.length)).length === 1, 'reply');
    expect(r.bytesText()).toBe('tcp peer ready\nContent-Length: 39\r\n\r\n{"jsonrpc":"2.0","result":-19,"id":"a"}');
  });

  it('carries newline-framed batches (this peer answers them in reverse order)', async () => {
    const { t, r } = await connect(nl.port, 'newline');
    await t.send(newlineFrame(`[${rpc('echo', [1], 1)},${rpc('echo', [2], 2)}]`));
    await waitFor(() => newlineMessages(r.bytesText()).length === 1, 'reply');
    expect(newlineMessages(r.bytesText())).toEqual([
      [
        { jsonrpc: '2.0', result: [2], id: 2 },
        { jsonrpc: '2.0', result: [1], id: 1 },
      ],
    ]);
  });

  it('reports the connection closing when the target drops it, once', async () => {
    const { t, r } = await connect(nl.port, 'newline');
    await t.send(newlineFrame(rpc('crash')));
    await waitFor(() => r.closes.length === 1, 'close');
    expect(r.closes[0]).toMatch(new RegExp(`^connection to 127\\.0\\.0\\.1:${nl.port} (closed|lost)$`));
    await expect(t.send(newlineFrame(rpc('echo')))).rejects.toThrow(`connection to 127.0.0.1:${nl.port} is closed`);
    await t.close();
    expect(r.closes).toHaveLength(1);
  });

  it('closes from our side with end, then destroy', async () => {
    const { t, r } = await connect(nl.port, 'newline');
    await t.close();
    expect(r.closes).toEqual([`connection to 127.0.0.1:${nl.port} closed`]);
  });

  it('says "connection refused" with the address when nothing listens', async () => {
    const server = net.createServer();
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const port = (server.address() as net.AddressInfo).port;
    await new Promise<void>((resolve) => server.close(() => resolve()));
    const r = record();
    const t = createTransport({ kind: 'tcp', host: '127.0.0.1', port, framing: 'newline' }, r.events);
    await expect(t.start()).rejects.toThrow(`connection refused: 127.0.0.1:${port}`);
    expect(r.closes).toEqual([]);
  });

  it('rejects an impossible port before connecting', async () => {
    const t = createTransport({ kind: 'tcp', host: '127.0.0.1', port: 70000, framing: 'newline' }, record().events);
    await expect(t.start()).rejects.toThrow('invalid port: 70000');
  });
});
