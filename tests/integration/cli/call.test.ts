import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcscope } from './run-cli';
import net from 'node:net';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { peerPath, startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import type { TrafficEvent } from '@/lib/session/types';
import { parseSessionFile } from '@/lib/session/file-format';

let dir: string;


const stdioPeer = (framing: string, ...extra: string[]) => ['--stdio', '--framing', framing, '--', process.execPath, peerPath('stdio-peer'), '--framing', framing, ...extra];

beforeAll(() => {
  dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-cli-'));
});
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe('rpcscope call drives a target from a script', () => {
  it('sends each message in order over stdio newline framing, prints one JSON line per entry, and exits 0', async () => {
    const out = path.join(dir, 'session.json');
    const r = await rpcscope([
      '--send', '{"jsonrpc":"2.0","id":1,"method":"subtract","params":[42,23]}',
      '--send', '{"jsonrpc":"2.0","id":2,"method":"foobar"}',
      '--send', '{"jsonrpc":"2.0","method":"update","params":[1]}',
      '--out', out,
      // Everything after `--` is the command and its arguments.
      ...stdioPeer('newline'),
    ]);
    expect(r.stderr).toBe('');
    expect(r.code).toBe(0);
    const messages = r.events.filter((e) => e.dir !== 'meta');
    expect(messages.map((e) => `${e.dir} ${e.kind} ${e.id ?? ''}`)).toEqual(['out request 1', 'in response 1', 'out request 2', 'in error 2', 'out notification ']);
    const answer = messages[1];
    expect(answer.pair).toBe(messages[0].seq);
    expect(answer.latencyMs).toBeGreaterThanOrEqual(0);
    expect(messages[3].error).toMatchObject({ code: -32601, name: 'Method not found', source: 'jsonrpc' });
    // The file holds the same events as stdout, and parses as a version-1 session file.
    const file = parseSessionFile(readFileSync(out, 'utf8'));
    expect(file.ok).toBe(true);
    if (file.ok) expect(file.value.events.map((e) => e.raw)).toEqual(r.events.map((e) => e.raw));
  });

  it('sends invalid JSON exactly as given and records the peer\'s parse-error answer', async () => {
    const broken = '{"jsonrpc":"2.0","method":"foobar,"params":"bar","baz]';
    const r = await rpcscope(['--send', broken, ...stdioPeer('content-length')]);
    const out = r.events.find((e) => e.dir === 'out')!;
    expect(out.kind).toBe('parse-error');
    expect(out.raw).toBe(`Content-Length: ${broken.length}\r\n\r\n${broken}`);
    const answer = r.events.find((e) => e.dir === 'in' && e.kind === 'error')!;
    expect(answer.error?.code).toBe(-32700);
    expect(answer.id).toBeNull();
  });

  it('exits 1 when a request times out, and marks it timed out', async () => {
    const r = await rpcscope(['--timeout', '300', '--linger', '0', '--send', '{"jsonrpc":"2.0","id":7,"method":"echo"}', ...stdioPeer('newline', '--never-answer')]);
    expect(r.code).toBe(1);
    expect(r.events.find((e) => e.dir === 'out')?.state).toBe('timed-out');
  });

  it('answers a request the target sends with --reply, so the target can finish its own request', async () => {
    const r = await rpcscope([
      '--reply', 'workspace/configuration=[{"tabSize":2}]',
      '--send', '{"jsonrpc":"2.0","id":1,"method":"ask_client"}',
      ...stdioPeer('newline'),
    ]);
    expect(r.code).toBe(0);
    const ask = r.events.find((e) => e.dir === 'in' && e.kind === 'request')!;
    expect(ask.method).toBe('workspace/configuration');
    const reply = r.events.find((e) => e.dir === 'out' && e.kind === 'response')!;
    expect(reply.pair).toBe(ask.seq);
    const final = r.events.find((e) => e.dir === 'in' && e.kind === 'response')!;
    expect(final.raw).toContain('"tabSize":2');
  });

  it('exits 2 on bad usage and says what is wrong', async () => {
    const r = await rpcscope(['--stdio', '--', 'node']);
    expect(r.code).toBe(2);
    expect(r.stderr).toMatch(/--framing/);
  });

  it('exits 1 and records the failure when the command does not exist', async () => {
    const r = await rpcscope(['--send', '{}', '--stdio', '--framing', 'newline', '--', 'no-such-command-rpcscope']);
    expect(r.code).toBe(1);
    expect(r.events.some((e) => e.kind === 'connection' && /not found/i.test(e.note ?? ''))).toBe(true);
  });

  it('--no-wait sends a $/cancelRequest while its request is still pending', async () => {
    const r = await rpcscope([
      '--no-wait',
      '--send', '{"jsonrpc":"2.0","id":1,"method":"sleep","params":{"ms":600}}',
      '--send', '{"jsonrpc":"2.0","method":"$/cancelRequest","params":{"id":1}}',
      ...stdioPeer('newline'),
    ]);
    expect(r.code).toBe(0);
    const order = r.events.filter((e) => e.dir !== 'meta').map((e) => `${e.dir} ${e.method ?? e.kind}`);
    // The cancel went out before the answer came back: nothing waited for it.
    expect(order).toEqual(['out sleep', 'out $/cancelRequest', 'in response']);
  });

  it('--wait-for METHOD holds the next send until the target sent that method, not until the answer', async () => {
    const r = await rpcscope([
      '--no-wait',
      '--send', '{"jsonrpc":"2.0","id":1,"method":"progress","params":{"steps":2,"ms":300}}',
      '--wait-for', 'progress',
      '--send', '{"jsonrpc":"2.0","id":2,"method":"echo","params":["after the first progress"]}',
      ...stdioPeer('newline'),
    ]);
    expect(r.code).toBe(0);
    const seqOf = (pred: (e: TrafficEvent) => boolean) => r.events.find(pred)!.seq;
    const firstProgress = seqOf((e) => e.dir === 'in' && e.method === 'progress');
    const echo = seqOf((e) => e.dir === 'out' && e.method === 'echo');
    const answer1 = seqOf((e) => e.dir === 'in' && e.kind === 'response' && e.id === 1);
    expect(firstProgress).toBeLessThan(echo);
    expect(echo).toBeLessThan(answer1);
  });

  it('--wait-for gives up after --timeout, says so, and exits 1', async () => {
    const started = Date.now();
    const r = await rpcscope(['--timeout', '300', '--wait-for', 'never/sent', '--send', '{"jsonrpc":"2.0","id":1,"method":"echo"}', ...stdioPeer('newline')]);
    expect(Date.now() - started).toBeLessThan(8000);
    expect(r.code).toBe(1);
    expect(r.stderr).toContain('rpcscope call: no "never/sent" message arrived within 300 ms');
    // The sends after it still went, so the session says what happened.
    expect(r.events.find((e) => e.dir === 'out')?.state).toBe('answered');
  });

  describe('over the network', () => {
    let http: RunningPeer;
    let ws: RunningPeer;
    let plainText: RunningPeer;
    beforeAll(async () => {
      [http, ws, plainText] = await Promise.all([startPeer('http-peer'), startPeer('ws-peer'), startPeer('http-peer', ['--plain-text'])]);
    });
    afterAll(async () => {
      await Promise.all([http?.stop(), ws?.stop(), plainText?.stop()]);
    });

    it('ends after an HTTP reply that is not JSON, exits 1 and still writes the session file', async () => {
      const out = path.join(dir, 'plain.json');
      const r = await rpcscope(['--timeout', '20000', '--http', `http://127.0.0.1:${plainText.port}/`, '--send', '{"jsonrpc":"2.0","id":1,"method":"echo"}', '--out', out], 10_000);
      expect(r.code).toBe(1);
      const request = r.events.find((e) => e.dir === 'out')!;
      const reply = r.events.find((e) => e.dir === 'in')!;
      expect(reply.raw).toBe('this server speaks plain text, not JSON-RPC\n');
      expect(request).toMatchObject({ state: 'answered', pair: reply.seq });
      const file = parseSessionFile(readFileSync(out, 'utf8'));
      expect(file.ok && file.value.events.map((e) => e.seq)).toEqual(r.events.map((e) => e.seq));
    });

    it('ends at once when the HTTP connection is refused, and says so', async () => {
      const port = await new Promise<number>((resolve) => {
        const srv = net.createServer().listen(0, '127.0.0.1', () => {
          const p = (srv.address() as net.AddressInfo).port;
          srv.close(() => resolve(p));
        });
      });
      const r = await rpcscope(['--timeout', '20000', '--http', `http://127.0.0.1:${port}/`, '--send', '{"jsonrpc":"2.0","id":1,"method":"echo"}'], 10_000);
      expect(r.code).toBe(1);
      expect(r.events.find((e) => e.dir === 'out')?.state).toBe('target-exited');
      expect(r.events.some((e) => e.note === `POST of #${r.events.find((x) => x.dir === 'out')!.seq} failed: connection refused: 127.0.0.1:${port}`)).toBe(true);
    });

    it('posts to an HTTP target with headers and records status and headers beside the body', async () => {
      const out = path.join(dir, 'http.json');
      const r = await rpcscope(['--http', `http://127.0.0.1:${http.port}/`, '--header', 'Authorization: Bearer s3cret', '--send', '{"jsonrpc":"2.0","id":1,"method":"sum","params":[1,2,4]}', '--out', out]);
      expect(r.code).toBe(0);
      const answer = r.events.find((e) => e.dir === 'in')!;
      expect(answer.http?.status).toBe(200);
      expect(answer.raw).toContain('"result":7');
      // The session file names the header but never carries its value.
      const text = readFileSync(out, 'utf8');
      expect(text).toContain('Authorization');
      expect(text).not.toContain('s3cret');
    });

    it('talks to a WebSocket target', async () => {
      const r = await rpcscope(['--ws', `ws://127.0.0.1:${ws.port}/`, '--send', '[{"jsonrpc":"2.0","id":"a","method":"get_data"},{"jsonrpc":"2.0","method":"notify_hello","params":[7]}]']);
      expect(r.code).toBe(0);
      const reply = r.events.find((e) => e.dir === 'in' && e.kind === 'batch')!;
      expect(reply.items?.[0]).toMatchObject({ id: 'a', kind: 'response' });
    });
  });
});
