/**
 * rpc-websockets (a real server from npm, over a WebSocket on 127.0.0.1): its own `rpc.on`
 * subscription is an extension's use of the reserved prefix (info, not a warning), and the events
 * it pushes as `{"notification": …}` are not JSON-RPC on a JSON-RPC connection (a warning).
 */
import { createRequire } from 'node:module';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { RULES } from '@/lib/jsonrpc';
import { openSession, type RecordedSession } from './session-recorder';

const require = createRequire(import.meta.url);
const { Server } = require('rpc-websockets') as { Server: new (o: { port: number; host: string }) => RpcWsServer };
interface RpcWsServer {
  wss: { address(): { port: number } };
  on(event: 'listening', cb: () => void): void;
  event(name: string): void;
  emit(name: string, ...args: unknown[]): void;
  close(): Promise<void>;
}

let server: RpcWsServer;
let open: RecordedSession;

beforeAll(async () => {
  server = new Server({ port: 0, host: '127.0.0.1' });
  await new Promise<void>((r) => server.on('listening', r));
  server.event('update');
  open = await openSession({ kind: 'websocket', url: `ws://127.0.0.1:${server.wss.address().port}` });
});

afterAll(async () => {
  await open?.session.close();
  await server?.close();
});

describe('rpc-websockets', () => {
  it('rpc.on is an extension method: an info note, no warning, and it is answered', async () => {
    const seq = await open.session.send('{"jsonrpc":"2.0","method":"rpc.on","params":["update"],"id":1}');
    await open.until(() => open.events.get(seq)?.state === 'answered', 'the subscription answer');
    const request = open.events.get(seq)!;
    expect(request.findings).toEqual([expect.objectContaining({ rule: 'method-rpc-extension', severity: 'info', path: 'method', spec: RULES.get('method-reserved')!.spec })]);
    const answer = open.events.get(request.pair!)!;
    expect(answer.findings).toEqual([]);
  });

  it('an event pushed as {"notification": …} is not JSON-RPC: a warning', async () => {
    server.emit('update', 1);
    await open.until(() => open.list().some((e) => e.kind === 'not-jsonrpc'), 'the event');
    const event = open.list().find((e) => e.kind === 'not-jsonrpc')!;
    expect(JSON.parse(event.raw)).toEqual({ notification: 'update', params: [1] });
    expect(event.findings).toEqual([expect.objectContaining({ rule: 'not-jsonrpc', severity: 'warning' })]);
  });

  it('its -32700 answer to text that was not JSON raises no false-claim finding', async () => {
    const seq = await open.session.send('{not json');
    await open.until(() => open.events.get(seq)?.state === 'answered', 'the parse error');
    const answer = open.events.get(open.events.get(seq)!.pair!)!;
    expect(answer.error).toMatchObject({ code: -32700, name: 'Parse error' });
    expect(answer.findings).toEqual([]);
  });
});
