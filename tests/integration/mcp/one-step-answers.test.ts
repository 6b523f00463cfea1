/**
 * The one-step start's routine answers on real peers: the handshake the MCP profile sends makes the
 * real everything server ask roots/list and get the user's roots back (its get-roots-list tool says
 * so), and an LSP-style workspace/configuration asking for two items gets one settings copy each.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { getProfile } from '@/lib/dialects/registry';
import { planStart } from '@/lib/dialects/start';
import { splitWire } from '@/lib/timeline/wire';
import type { TrafficEvent } from '@/lib/session/types';
import { PEERS_DIR } from '../../fixtures/peers/start-peer';
import { watchSession, type Watched } from './helpers';

const open: Watched[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.session.close();
});

const body = (e: TrafficEvent) => JSON.parse(splitWire(e.raw).body) as { id?: unknown; method?: string; result?: Record<string, unknown> };
const answerTo = (w: Watched, seq: number) => () => {
  const pair = w.bySeq(seq)?.pair;
  return pair !== undefined && w.bySeq(pair) !== undefined;
};

function plan(dialect: 'mcp' | 'lsp', texts: Record<string, string> = {}) {
  const r = planStart(getProfile(dialect).start!, { off: [], texts });
  if (!r.ok) throw new Error(r.error);
  return r.plan;
}

describe('routine answers of the one-step start', () => {
  it('MCP: the everything server asks roots/list after the handshake and gets the roots the user gave', async () => {
    const entry = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
    const p = plan('mcp', { 'roots/list': 'file:///work/project My project' });
    const w = await watchSession({ kind: 'stdio', command: process.execPath, args: [entry, 'stdio'], framing: getProfile('mcp').framing! }, { autoReplies: p.rules, dialect: 'mcp' });
    open.push(w);
    const [init, initialized] = p.handshake;
    const initSeq = await w.session.send(JSON.stringify(JSON.parse(getProfile('mcp').render(init, { id: 'start-1' }))));
    await w.waitFor('the initialize answer', answerTo(w, initSeq), 15_000);
    await w.session.send(JSON.stringify(JSON.parse(getProfile('mcp').render(initialized))));
    await w.waitFor('roots/list from the server, answered', (evs) => evs.some((e) => e.dir === 'in' && e.method === 'roots/list' && e.state === 'answered'));
    const callSeq = await w.session.send(JSON.stringify({ jsonrpc: '2.0', id: 'call-1', method: 'tools/call', params: { name: 'get-roots-list', arguments: {} } }));
    await w.waitFor('the get-roots-list result', answerTo(w, callSeq));
    const result = body(w.bySeq(w.bySeq(callSeq)!.pair!)!).result!;
    expect(JSON.stringify(result.content)).toContain('file:///work/project');
    expect(JSON.stringify(result.content)).toContain('My project');
  });

  it('LSP: workspace/configuration for two items is answered with the settings twice', async () => {
    const p = plan('lsp', { 'workspace/configuration': '{"json":{"validate":true}}' });
    const w = await watchSession(
      { kind: 'stdio', command: process.execPath, args: [path.join(PEERS_DIR, 'stdio-peer.mjs'), '--framing', 'content-length'], framing: getProfile('lsp').framing! },
      { autoReplies: p.rules },
    );
    open.push(w);
    const seq = await w.session.send(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'ask_client', params: { params: { items: [{ section: 'json' }, { section: 'http' }] } } }));
    await w.waitFor('the peer reports what the client said', answerTo(w, seq));
    const said = body(w.bySeq(w.bySeq(seq)!.pair!)!).result as { clientSaid: unknown };
    expect(said.clientSaid).toEqual([{ json: { validate: true } }, { json: { validate: true } }]);
  });
});
