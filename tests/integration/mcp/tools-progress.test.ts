/**
 * MCP tool results and progress on the real server-everything (Streamable HTTP): a tool's
 * `isError: true` shows as a tool error, and notifications/progress link to the request that
 * carried their `_meta.progressToken`.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { eventStatus } from '@/lib/timeline/status';
import { INITIALIZE, startEverythingHttp, watchSession, type RunningServer, type Watched } from './helpers';

const INITIALIZED = JSON.stringify({ jsonrpc: '2.0', method: 'notifications/initialized' });

describe('MCP tools and progress against server-everything', () => {
  let server: RunningServer;
  let w: Watched;
  beforeAll(async () => {
    server = await startEverythingHttp();
    w = await watchSession({ kind: 'http', url: `http://127.0.0.1:${server.port}/mcp` });
    await w.session.send(INITIALIZE(1));
    await w.waitFor('initialize answered', (evs) => evs.some((e) => e.kind === 'response' && e.raw.includes('serverInfo')));
    await w.session.send(INITIALIZED);
  }, 20_000);
  afterAll(async () => {
    await w?.session.close();
    await server?.stop();
  });
  const lookup = (s: number) => w.bySeq(s);

  it('links each notifications/progress to the tools/call that carried its progressToken, and the request shows the latest', async () => {
    const seq = await w.session.send(
      JSON.stringify({ jsonrpc: '2.0', id: 10, method: 'tools/call', params: { name: 'trigger-long-running-operation', arguments: { duration: 0.3, steps: 3 }, _meta: { progressToken: 'p-10' } } }),
    );
    await w.waitFor('the tool result', () => w.bySeq(seq)?.state === 'answered');
    const progress = w.events.filter((e) => e.method === 'notifications/progress');
    expect(progress.length).toBe(3);
    for (const p of progress) expect(p.progressOf).toBe(seq);
    expect(eventStatus(progress[0], lookup).label).toBe(`progress of #${seq}`);
    const request = w.bySeq(seq)!;
    expect(request.progress).toMatchObject({ seq: progress[2].seq, progress: 3, total: 3 });
    expect(eventStatus(request, lookup).label).toBe('ok');
  }, 15_000);

  it('shows a tools/call answered with isError: true as a tool error, on the request and its result', async () => {
    const seq = await w.session.send(JSON.stringify({ jsonrpc: '2.0', id: 11, method: 'tools/call', params: { name: 'get-sum', arguments: { a: 'one', b: 2 } } }));
    await w.waitFor('the tool result', () => w.bySeq(seq)?.state === 'answered');
    const request = w.bySeq(seq)!;
    const result = w.bySeq(request.pair!)!;
    expect(result.kind).toBe('response');
    const f = result.findings.find((x) => x.rule === 'mcp-tool-error');
    expect(f?.message).toContain('`get-sum` failed');
    expect(f?.spec).toContain('with `isError` set to true');
    expect(eventStatus(result, lookup)).toMatchObject({ label: 'tool error', tone: 'error' });
    expect(eventStatus(request, lookup)).toMatchObject({ label: 'tool error', tone: 'error' });
  }, 15_000);

  it('a tool that succeeds is plain ok, with no tool-error finding', async () => {
    const seq = await w.session.send(JSON.stringify({ jsonrpc: '2.0', id: 12, method: 'tools/call', params: { name: 'get-sum', arguments: { a: 1, b: 2 } } }));
    await w.waitFor('the tool result', () => w.bySeq(seq)?.state === 'answered');
    const result = w.bySeq(w.bySeq(seq)!.pair!)!;
    expect(result.findings.map((x) => x.rule)).not.toContain('mcp-tool-error');
    expect(eventStatus(w.bySeq(seq)!, lookup).label).toBe('ok');
  }, 15_000);
});
