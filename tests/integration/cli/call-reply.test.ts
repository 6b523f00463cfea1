/**
 * `rpcscope call --reply` answers what a target asks on its own: MCP's roots/list sent on the
 * Streamable HTTP GET stream of the real server-everything, and a debug adapter's runInTerminal
 * (as a DAP response).
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { rpcscope } from './run-cli';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { INITIALIZE, startEverythingHttp, type RunningServer } from '../mcp/helpers';



describe('rpcscope call --reply', () => {
  let server: RunningServer;
  beforeAll(async () => {
    server = await startEverythingHttp();
  }, 20_000);
  afterAll(() => server?.stop());

  it('answers roots/list that server-everything sends on its GET stream, and DELETEs the session at the end', async () => {
    const r = await rpcscope([
      '--http', `http://127.0.0.1:${server.port}/mcp`,
      '--reply', 'roots/list={"roots":[{"uri":"file:///srv","name":"srv"}]}',
      '--send', INITIALIZE(1, { roots: {} }),
      '--send', '{"jsonrpc":"2.0","method":"notifications/initialized"}',
      '--wait-for', 'roots/list',
      '--wait-for', 'notifications/message',
    ]);
    expect(r.code, r.stderr).toBe(0);
    const ask = r.events.find((e) => e.dir === 'in' && e.method === 'roots/list')!;
    expect(ask.http?.method).toBe('GET');
    const answer = r.events.find((e) => e.dir === 'out' && e.raw.includes('file:///srv'))!;
    expect(JSON.parse(answer.raw)).toMatchObject({ id: ask.id, result: { roots: [{ uri: 'file:///srv' }] } });
    expect(r.events.some((e) => e.method === 'notifications/message' && e.raw.includes('1 root(s) received'))).toBe(true);
    expect(r.events.some((e) => e.note?.startsWith('session ended: DELETE'))).toBe(true);
  }, 25_000);

  it('answers a debug adapter’s runInTerminal with a DAP response', async () => {
    const r = await rpcscope([
      '--reply', 'runInTerminal={"processId":7}',
      '--send', '{"seq":1,"type":"request","command":"initialize","arguments":{"adapterID":"x"}}',
      '--send', '{"seq":2,"type":"request","command":"launch","arguments":{"console":"integratedTerminal"}}',
      '--stdio', '--framing', 'content-length', '--', process.execPath, peerPath('dap-peer'),
    ]);
    // Every DAP request was answered (by DAP responses), so the command succeeds.
    expect(r.code, r.stderr).toBe(0);
    const answer = r.events.find((e) => e.dir === 'out' && e.raw.includes('"runInTerminal"'))!;
    expect(JSON.parse(answer.raw.slice(answer.raw.indexOf('{')))).toMatchObject({ type: 'response', success: true, command: 'runInTerminal', body: { processId: 7 } });
    expect(r.events.some((e) => e.raw.includes('runInTerminal answered success=true'))).toBe(true);
  }, 25_000);
});
