/**
 * The stdio tap forwards the server's output on a thread of its own (server/tap/forwarder.ts),
 * which hands the direction to the conversation thread for an inject or an intercept and takes it
 * back after. What the client sees must not tell the two apart: a flood arrives byte for byte and
 * is recorded whole and in order, with the thread or without it (RPCSCOPE_TAP_FORWARD=off); a
 * message injected to the client in the middle of a flood lands between two frames, once, and the
 * flood goes on through the forwarding thread again — with framing `auto` too, before the client has
 * said anything (the splices have seen none of the conversation then: the recording thread has).
 * And a client that answers each message the moment it arrives is recorded in the order things
 * happened: its next request after the reply it waited for.
 */
import { afterAll, describe, expect, it } from 'vitest';
import { spawn, type ChildProcess } from 'node:child_process';
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { ContentLengthDecoder } from '@/lib/framing';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
// @ts-expect-error: a plain .mjs fixture without types
import { tick } from '@/tests/fixtures/peers/tap-flood-peer.mjs';
import { readSession, tapArgv, tempDir } from './tap-helpers';
import { startTapApp, until } from './app-helpers';

const tmp = tempDir('rpcscope-tap-forward-');
const started: ChildProcess[] = [];
afterAll(() => {
  for (const c of started) if (c.exitCode === null) c.kill('SIGKILL');
  tmp.remove();
});

const FLOOD = 20_000;
const expected = () => Buffer.from(Array.from({ length: FLOOD }, (_, n) => (tick as (n: number) => string)(n)).join(''));
const tapLog = (dataDir: string) => readFileSync(path.join(dataDir, 'tap.log'), 'utf8');

/** Runs a tapped flood to its end; what the client received, the exit code, and the recording. */
async function flood(name: string, env: Record<string, string>) {
  const dataDir = path.join(tmp.dir, `data-${name}`);
  const out = path.join(tmp.dir, `${name}.json`);
  const server = [process.execPath, peerPath('tap-flood-peer'), '--frames', String(FLOOD), '--batch', '200'];
  const tap = spawn(process.execPath, tapArgv(['--data-dir', dataDir, '--framing', 'content-length', '--out', out], server), { stdio: ['pipe', 'pipe', 'ignore'], env: { ...process.env, ...env } });
  started.push(tap);
  const want = expected();
  const got: Buffer[] = [];
  let bytes = 0;
  await new Promise<void>((resolve) => {
    tap.stdout!.on('data', (c: Buffer) => {
      got.push(c);
      bytes += c.length;
      if (bytes >= want.length) resolve();
    });
  });
  tap.stdin!.end();
  const code = await new Promise<number | null>((r) => tap.once('close', (c) => r(c)));
  return { received: Buffer.concat(got), want, code, events: readSession(out), log: tapLog(dataDir) };
}

describe("the tap's forwarding thread", () => {
  it('passes a flood from the server byte for byte and records every message in order, with the thread and without it', async () => {
    const runs: [string, Record<string, string>, boolean][] = [
      ['threaded', {}, true],
      ['event-loop', { RPCSCOPE_TAP_FORWARD: 'off' }, false],
    ];
    for (const [name, env, threaded] of runs) {
      const run = await flood(name, env);
      expect(run.received.equals(run.want), `${name}: the client got the server's bytes`).toBe(true);
      expect(run.code).toBe(0);
      expect(run.log.includes("the server's output is forwarded by its own thread"), `${name}: tap.log`).toBe(threaded);
      const ticks = run.events.filter((e) => e.dir === 'in' && e.method === 'tick');
      expect(ticks.length, name).toBe(FLOOD);
      expect(ticks.every((e, n) => (JSON.parse(e.raw.slice(e.raw.indexOf('{'))) as { params: { n: number } }).params.n === n)).toBe(true);
      expect(run.events.some((e) => e.kind === 'noise' || e.kind === 'parse-error' || /unrecorded/.test(e.note ?? ''))).toBe(false);
    }
  }, 90_000);

  for (const [framing, args] of [['content-length', ['--framing', 'content-length']], ['auto, before the client has said anything', []]] as const) {
  it(`puts a message injected to the client between two frames of a flood, once, and forwards the rest on its thread again (framing ${framing})`, async () => {
    const dataDir = path.join(tmp.dir, `data-inject-${args.length}`);
    const app = await startTapApp(dataDir);
    started.push(app.proc);
    try {
      // ~4 s of flood: 20 frames every 2 ms.
      const server = [process.execPath, peerPath('tap-flood-peer'), '--frames', String(FLOOD), '--batch', '20', '--pace', '2'];
      const tap = spawn(process.execPath, tapArgv(['--data-dir', dataDir, ...args], server), { stdio: ['pipe', 'pipe', 'ignore'] });
      started.push(tap);
      const decoder = new ContentLengthDecoder();
      const seen: { method?: string; params?: { n?: number } }[] = [];
      const bad: string[] = [];
      tap.stdout!.on('data', (c: Buffer) => {
        for (const f of decoder.push(c)) {
          if (f.type === 'message') seen.push(JSON.parse(f.body));
          else bad.push(f.type);
        }
      });
      const session = await app.openTapSession();
      await until('the flood under way', async () => (seen.length > 500 ? true : undefined));
      const ticksBefore = seen.length;
      const sent = await app.call(`/api/sessions/${session.id}/send`, { text: '{"jsonrpc":"2.0","method":"hello/fromRpcscope","params":{"to":"client"}}', to: 'client' });
      expect(sent.status, await sent.clone().text()).toBe(200);
      await until('the whole flood at the client', async () => (seen.filter((m) => m.method === 'tick').length === FLOOD ? true : undefined), 60_000);
      tap.stdin!.end();
      expect(await new Promise((r) => tap.once('close', r))).toBe(0);

      expect(bad).toEqual([]);
      const ticks = seen.filter((m) => m.method === 'tick').map((m) => m.params!.n);
      expect(ticks).toEqual(Array.from({ length: FLOOD }, (_, n) => n));
      const injected = seen.findIndex((m) => m.method === 'hello/fromRpcscope');
      expect(seen.filter((m) => m.method === 'hello/fromRpcscope')).toHaveLength(1);
      // It went in while the flood went on, not after it.
      expect(injected).toBeGreaterThanOrEqual(ticksBefore);
      expect(injected).toBeLessThan(FLOOD);
      const log = tapLog(dataDir);
      const handedOver = log.indexOf('goes through the conversation thread');
      expect(handedOver).toBeGreaterThan(-1);
      expect(log.indexOf('forwarded by its own thread again', handedOver)).toBeGreaterThan(handedOver);

      // The recording has the injected message marked, at the place the client got it.
      const events = await until('the session stored', async () => {
        const ev = await app.allEvents(session.id);
        return ev.filter((e) => e.method === 'tick').length === FLOOD ? ev : undefined;
      });
      const inOrder = events.filter((e) => e.dir === 'in' && (e.method === 'tick' || e.method === 'hello/fromRpcscope'));
      const at = inOrder.findIndex((e) => e.method === 'hello/fromRpcscope');
      expect(inOrder[at].injected).toBe(true);
      expect(at).toBe(injected);
    } finally {
      await app.stop();
    }
  }, 120_000);
  }

  it('records a quick ping-pong in the order it happened: each request after the reply before it', async () => {
    const dataDir = path.join(tmp.dir, 'data-ping');
    const out = path.join(tmp.dir, 'ping.json');
    const server = [process.execPath, peerPath('stdio-peer'), '--framing', 'newline'];
    const tap = spawn(process.execPath, tapArgv(['--data-dir', dataDir, '--framing', 'newline', '--out', out], server), { stdio: ['pipe', 'pipe', 'ignore'] });
    started.push(tap);
    const ROUNDS = 2000;
    const ask = (k: number) => tap.stdin!.write(`{"jsonrpc":"2.0","id":${k},"method":"echo","params":[${k}]}\n`);
    let answered = 0;
    let pending = '';
    // The next request goes the moment the reply is read (as a client awaiting each answer does).
    tap.stdout!.setEncoding('utf8').on('data', (d: string) => {
      pending += d;
      for (let nl = pending.indexOf('\n'); nl >= 0; nl = pending.indexOf('\n')) {
        pending = pending.slice(nl + 1);
        if (++answered < ROUNDS) ask(answered);
        else tap.stdin!.end();
      }
    });
    ask(0);
    expect(await new Promise<number | null>((r) => tap.once('close', (c) => r(c)))).toBe(0);
    expect(answered).toBe(ROUNDS);
    const messages = readSession(out).filter((e) => e.kind === 'request' || e.kind === 'response');
    expect(messages).toHaveLength(2 * ROUNDS);
    // Before the fix about 4 % of the requests were recorded ahead of the reply they followed.
    const misordered = messages.filter((e, i) => e.kind !== (i % 2 === 0 ? 'request' : 'response')).map((e) => e.seq);
    expect(misordered).toEqual([]);
    for (const e of messages) expect(e.state, `seq ${e.seq}`).toBe('answered');
  }, 60_000);
});
