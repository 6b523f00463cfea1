/**
 * A real MCP client (the TypeScript SDK's Client over StdioClientTransport) talks to the real
 * server-everything through `rpcscope tap`: it gets exactly what it gets without the tap, and the
 * session holds every message of both directions, each request paired with its answer.
 */
import { afterAll, describe, expect, it } from 'vitest';
import path from 'node:path';
import { Client } from '@modelcontextprotocol/sdk/client/index.js';
import { StdioClientTransport } from '@modelcontextprotocol/sdk/client/stdio.js';
import { EVERYTHING, bodies, readSession, tapArgv, tempDir } from './tap-helpers';

const tmp = tempDir('rpcscope-tap-mcp-');
afterAll(() => tmp.remove());

async function conversation(command: string, args: string[]) {
  const client = new Client({ name: 'tap-test', version: '1.0.0' });
  await client.connect(new StdioClientTransport({ command, args, stderr: 'ignore' }));
  const tools = await client.listTools();
  const echo = await client.callTool({ name: 'echo', arguments: { message: 'through the tap ✓' } });
  const sum = await client.callTool({ name: 'add', arguments: { a: 2, b: 40 } }).catch((e: Error) => ({ error: e.message }));
  const server = client.getServerVersion();
  await client.close();
  return { tools: tools.tools.map((t) => t.name).sort(), echo, sum, server };
}

describe('an MCP client through rpcscope tap', () => {
  it('gets the same results as without the tap, and every message is recorded and paired', async () => {
    const direct = await conversation(process.execPath, [EVERYTHING, 'stdio']);
    const out = path.join(tmp.dir, 'mcp.json');
    const tapped = await conversation(process.execPath, tapArgv(['--data-dir', path.join(tmp.dir, 'data'), '--out', out], [process.execPath, EVERYTHING, 'stdio']));
    expect(tapped).toEqual(direct);
    expect(tapped.tools).toContain('echo');

    // The session file is written once the tap's child is gone; the SDK does not wait for that.
    const deadline = Date.now() + 10_000;
    let events: ReturnType<typeof readSession> | null = null;
    while (!events && Date.now() < deadline) {
      try { events = readSession(out); } catch { await new Promise((r) => setTimeout(r, 50)); }
    }
    expect(events).not.toBeNull();
    const sent = bodies(events!, 'out') as { method?: string; id?: number }[];
    expect(sent.map((m) => m.method).filter(Boolean)).toEqual(expect.arrayContaining(['initialize', 'notifications/initialized', 'tools/list', 'tools/call']));
    const requests = events!.filter((e) => e.dir === 'out' && e.kind === 'request');
    expect(requests.length).toBeGreaterThanOrEqual(4);
    for (const r of requests) {
      expect(r.state, `${r.method} is answered`).toBe('answered');
      const answer = events!.find((e) => e.seq === r.pair)!;
      expect(answer.dir).toBe('in');
      expect(answer.id).toEqual(r.id);
    }
    expect(events!.some((e) => e.kind === 'connection' && /framing: newline \(auto/.test(e.note ?? ''))).toBe(true);
  }, 60_000);
});
