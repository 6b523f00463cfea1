/**
 * The profiles against real protocol implementations: the MCP TypeScript SDK's server and
 * vscode-jsonrpc (the JSON-RPC layer under VS Code's language clients and servers). Our templates
 * and cancel messages go in as wire text; what comes back is classified, detected and checked.
 */
import { PassThrough } from 'node:stream';
import { afterEach, describe, expect, it } from 'vitest';
import { McpServer } from '@modelcontextprotocol/sdk/server/mcp.js';
import { InMemoryTransport } from '@modelcontextprotocol/sdk/inMemory.js';
import { createMessageConnection, ResponseError, StreamMessageReader, StreamMessageWriter, type MessageConnection } from 'vscode-jsonrpc/node';
import { z } from 'zod';
import { createDialectDetector, describeInDialect, getProfile } from '@/lib/dialects';
import { contentLengthCodec } from '@/lib/framing';
import { classify } from '@/lib/jsonrpc/classify';
import type { Direction } from '@/lib/session/types';

async function until(cond: () => boolean, ms = 3000): Promise<void> {
  const end = Date.now() + ms;
  while (!cond()) {
    if (Date.now() > end) throw new Error('timed out waiting');
    await new Promise((r) => setTimeout(r, 5));
  }
}

const cleanups: Array<() => Promise<void> | void> = [];
afterEach(async () => {
  while (cleanups.length) await cleanups.pop()!();
});

describe('MCP profile against the MCP SDK server', () => {
  it('the handshake template is accepted, the session is detected as MCP with no lifecycle findings, and Cancel aborts the tool', async () => {
    let aborted = false;
    const server = new McpServer({ name: 'probe', version: '1.0.0' });
    server.registerTool('slow', { description: 'waits until cancelled', inputSchema: { ms: z.number() } }, async ({ ms }, extra) => {
      await new Promise<void>((resolve) => {
        const t = setTimeout(resolve, ms);
        extra.signal.addEventListener('abort', () => {
          aborted = true;
          clearTimeout(t);
          resolve();
        });
      });
      return { content: [{ type: 'text', text: 'done' }] };
    });
    const [clientSide, serverSide] = InMemoryTransport.createLinkedPair();
    const wire: Array<[Direction, string]> = [];
    clientSide.onmessage = (m) => void wire.push(['in', JSON.stringify(m)]);
    await server.connect(serverSide);
    await clientSide.start();
    cleanups.push(() => server.close());

    const mcp = getProfile('mcp');
    const send = async (text: string) => {
      wire.push(['out', text]);
      await clientSide.send(JSON.parse(text));
    };
    const [init, initialized] = mcp.templates.find((t) => t.id === 'mcp-handshake')!.steps;
    await send(mcp.render(init, { id: 0 }));
    await until(() => wire.some(([d]) => d === 'in'));
    await send(mcp.render(initialized));
    await send(mcp.render({ kind: 'request', method: 'tools/list', params: {} }, { id: 1 }));
    await send(mcp.render({ kind: 'request', method: 'tools/call', params: { name: 'slow', arguments: { ms: 10_000 } } }, { id: 2 }));
    await until(() => wire.filter(([d]) => d === 'in').length >= 2);

    const cancel = mcp.cancel({ id: 2, method: 'tools/call' }, { reason: 'test' });
    expect(cancel.ok).toBe(true);
    if (cancel.ok) await send(cancel.text);
    await until(() => aborted);

    const detector = createDialectDetector();
    const checker = mcp.createLifecycleChecker();
    const findings = wire.flatMap(([dir, text], i) => {
      const msg = { seq: i + 1, dir, classified: classify(text) };
      detector.observe(msg);
      return checker.observe(msg);
    });
    expect(detector.current()).toMatchObject({ dialect: 'mcp', seq: 1 });
    expect(findings).toEqual([]);
    const initResult = JSON.parse(wire.find(([d]) => d === 'in')![1]);
    expect(initResult.result).toMatchObject({ protocolVersion: '2025-11-25', serverInfo: { name: 'probe' } });
  });
});

describe('LSP profile against vscode-jsonrpc', () => {
  it('$/cancelRequest from the profile cancels the pending request, and the reply decodes as RequestCancelled', async () => {
    const toServer = new PassThrough();
    const fromServer = new PassThrough();
    const conn: MessageConnection = createMessageConnection(new StreamMessageReader(toServer), new StreamMessageWriter(fromServer));
    let cancelled = false;
    conn.onRequest('workspace/symbol', (_params, token) => {
      return new Promise((_resolve, reject) => {
        const onCancel = () => {
          cancelled = true;
          clearTimeout(t);
          reject(new ResponseError(-32800, 'Request cancelled'));
        };
        const t = setTimeout(() => reject(new Error('not cancelled in time')), 2000);
        // The cancel may be read before the handler runs: then the token is already cancelled.
        if (token.isCancellationRequested) onCancel();
        else token.onCancellationRequested(onCancel);
      });
    });
    conn.listen();
    cleanups.push(() => {
      conn.dispose();
      toServer.destroy();
      fromServer.destroy();
    });

    const decoder = contentLengthCodec.createDecoder();
    const replies: string[] = [];
    fromServer.on('data', (chunk: Uint8Array) => {
      for (const f of decoder.push(chunk)) if (f.type === 'message') replies.push(f.body);
    });
    const write = (text: string) => toServer.write(contentLengthCodec.encode(text));

    const lsp = getProfile('lsp');
    write(lsp.render({ kind: 'request', method: 'workspace/symbol', params: { query: 'x' } }, { id: 0 }));
    const cancel = lsp.cancel({ id: 0, method: 'workspace/symbol' });
    expect(cancel.ok).toBe(true);
    if (cancel.ok) write(cancel.text);
    await until(() => replies.length > 0);

    expect(cancelled).toBe(true);
    const reply = classify(replies[0]);
    expect(reply).toMatchObject({ kind: 'error', id: 0 });
    expect(describeInDialect(reply.error!, lsp)).toMatchObject({ code: -32800, name: 'RequestCancelled', source: 'lsp' });
  });
});
