/**
 * The inject book against a real server: vscode-json-language-server answers an injected
 * request under the id the book gave it, and the book recognises that answer as the tap's to consume
 * while the server's answers to the real client's requests pass.
 */
import { spawn } from 'node:child_process';
import { describe, expect, it } from 'vitest';
import { ContentLengthDecoder, encodeContentLength } from '../../../lib/framing';
import { InjectBook } from '../../../lib/inject/inject';
import { JSON_LS } from './tap-helpers';

describe('an injected request to a real language server', () => {
  it('is answered under its injected id, and that answer (only that one) is consumed', async () => {
    const server = spawn(process.execPath, [JSON_LS, '--stdio'], { stdio: ['pipe', 'pipe', 'ignore'] });
    const decoder = new ContentLengthDecoder();
    const received: unknown[] = [];
    let wake: () => void = () => {};
    server.stdout.on('data', (chunk: Buffer) => {
      for (const f of decoder.push(chunk)) if (f.type === 'message') received.push(JSON.parse(f.body));
      wake();
    });
    const answerTo = async (id: unknown) => {
      const deadline = Date.now() + 10_000;
      for (;;) {
        const hit = received.find((m) => (m as { id?: unknown }).id === id && !('method' in (m as object)));
        if (hit) return hit;
        if (Date.now() > deadline) throw new Error(`no answer to ${String(id)}`);
        await new Promise<void>((r) => ((wake = r), setTimeout(r, 200)));
      }
    };
    try {
      const book = new InjectBook();
      // The real client's request, with an id a client would pick.
      server.stdin.write(encodeContentLength(JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'initialize', params: { processId: null, rootUri: null, capabilities: {} } })));
      const real = await answerTo(1);
      expect(book.consumes(real, 'server')).toBe(false);
      server.stdin.write(encodeContentLength(JSON.stringify({ jsonrpc: '2.0', method: 'initialized', params: {} })));

      // The user injects the same method with the same id the client used: the book renames it.
      const p = book.prepare('{"jsonrpc":"2.0","id":1,"method":"shutdown"}', 'server');
      if (!p.ok) throw new Error(p.error);
      server.stdin.write(encodeContentLength(p.body));
      const injected = await answerTo(p.ids[0]);
      expect(injected).toMatchObject({ jsonrpc: '2.0', id: p.ids[0], result: null });
      expect(book.consumes(injected, 'server')).toBe(true);
      expect(book.waiting('server')).toEqual([]);
    } finally {
      server.kill();
    }
  }, 20_000);
});
