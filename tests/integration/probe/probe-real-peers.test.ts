/**
 * The conformance probe against real peers from npm: vscode-json-language-server (LSP over stdio,
 * Content-Length), @modelcontextprotocol/server-everything (MCP over stdio, newline) and jayson
 * (JSON-RPC over HTTP). Each has known deviations; every verdict is asserted, so a change in the
 * probe or the peer shows here.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { probeExitCode } from '@/lib/probe/report';
import { probe, verdicts } from './run-probe';
import { startJaysonSpecServer } from './jayson-spec-server';

const bin = (name: string) => path.resolve(__dirname, '../../../node_modules/.bin', name);

describe('vscode-json-language-server (LSP, stdio)', () => {
  it('handshake and shutdown/exit pass; invalid JSON and invalid Requests go unanswered (broken MUSTs)', async () => {
    const report = await probe({ kind: 'stdio', command: bin('vscode-json-language-server'), args: ['--stdio'], framing: 'content-length' }, { dialect: 'lsp' });
    expect(verdicts(report)).toEqual({
      'lifecycle/lsp-before-initialize': 'fail SHOULD',
      'lifecycle/lsp-initialize': 'pass',
      'lifecycle/lsp-initialized': 'pass',
      'spec-example/positional-1': 'n/a',
      'spec-example/positional-2': 'n/a',
      'spec-example/named-1': 'n/a',
      'spec-example/named-2': 'n/a',
      'spec-example/notification-update': 'skipped',
      'spec-example/notification-foobar': 'pass',
      'spec-example/method-not-found': 'pass',
      'spec-example/invalid-json': 'fail MUST',
      'spec-example/invalid-request': 'fail MUST',
      'spec-example/batch-invalid-json': 'n/a',
      'spec-example/empty-array': 'n/a',
      'spec-example/invalid-batch-1': 'n/a',
      'spec-example/invalid-batch-3': 'n/a',
      'spec-example/batch': 'n/a',
      'spec-example/batch-all-notifications': 'n/a',
      'notification/known': 'pass',
      'notification/unknown': 'pass',
      'id/zero': 'pass',
      'id/empty-string': 'pass',
      'id/null': 'fail SHOULD',
      'id/fraction': 'pass',
      'id/object': 'fail MUST',
      'id/beyond-2^53': 'fail SHOULD',
      'invalid-request/no-jsonrpc': 'fail SHOULD',
      'invalid-request/method-not-string': 'fail MUST',
      'invalid-request/params-not-structured': 'fail SHOULD',
      'parse-error/truncated': 'fail MUST',
      'batch/one-element': 'n/a',
      'batch/mixed': 'n/a',
      'lifecycle/lsp-shutdown': 'pass',
      'lifecycle/lsp-after-shutdown': 'fail SHOULD',
      'lifecycle/lsp-exit': 'pass',
    });
    expect(probeExitCode(report)).toBe(1);
    // The dialect's own lifecycle rule says the same as the check, on the reply.
    const before = report.results.find((r) => r.id === 'lifecycle/lsp-before-initialize')!;
    expect(before.findings.map((f) => f.rule)).toContain('lsp-answered-before-initialize');
    expect(report.results.find((r) => r.id === 'lifecycle/lsp-exit')!.did).toMatch(/exit code 0/);
  });

  it('--dialect auto recognises it although it answers -32601, not -32002, before initialize, and runs the LSP checks', async () => {
    const report = await probe({ kind: 'stdio', command: bin('vscode-json-language-server'), args: ['--stdio'], framing: 'content-length' }, { dialect: 'auto' });
    expect(report.dialect).toBe('lsp');
    expect(report.dialectEvidence).toContain('"Unhandled method ping"');
    const v = verdicts(report);
    expect([v['lifecycle/lsp-before-initialize'], v['lifecycle/lsp-initialize'], v['lifecycle/lsp-shutdown'], v['lifecycle/lsp-exit']]).toEqual(['fail SHOULD', 'pass', 'pass', 'pass']);
    expect(v['batch/one-element']).toBe('n/a');
  });
});

describe('@modelcontextprotocol/server-everything (MCP, stdio)', () => {
  it('auto-detected by ping; handshake, version and ping pass; messages its schema refuses are dropped without an answer', async () => {
    const report = await probe({ kind: 'stdio', command: bin('mcp-server-everything'), args: ['stdio'], framing: 'newline' });
    expect(report.dialect).toBe('mcp');
    expect(report.dialectEvidence).toBe('auto: ping was answered {}');
    expect(verdicts(report)).toEqual({
      'lifecycle/mcp-initialize': 'pass',
      'lifecycle/mcp-protocol-version': 'pass',
      'lifecycle/mcp-initialized': 'pass',
      // MCP params are objects: positional params are dropped unanswered.
      'spec-example/positional-1': 'fail MUST',
      'spec-example/positional-2': 'fail MUST',
      'spec-example/named-1': 'n/a',
      'spec-example/named-2': 'n/a',
      'spec-example/notification-update': 'skipped',
      'spec-example/notification-foobar': 'pass',
      'spec-example/method-not-found': 'pass',
      'spec-example/invalid-json': 'fail MUST',
      'spec-example/invalid-request': 'fail MUST',
      'spec-example/batch-invalid-json': 'n/a',
      'spec-example/empty-array': 'n/a',
      'spec-example/invalid-batch-1': 'n/a',
      'spec-example/invalid-batch-3': 'n/a',
      'spec-example/batch': 'n/a',
      'spec-example/batch-all-notifications': 'n/a',
      'notification/known': 'pass',
      'notification/unknown': 'pass',
      'id/zero': 'pass',
      'id/empty-string': 'pass',
      'id/null': 'fail SHOULD',
      'id/fraction': 'fail SHOULD',
      'id/object': 'fail MUST',
      'id/beyond-2^53': 'fail SHOULD',
      'invalid-request/no-jsonrpc': 'fail MUST',
      'invalid-request/method-not-string': 'fail MUST',
      'invalid-request/params-not-structured': 'fail MUST',
      'parse-error/truncated': 'fail MUST',
      'batch/one-element': 'n/a',
      'batch/mixed': 'n/a',
      'lifecycle/mcp-ping': 'pass',
      'transport/mcp-http-202': 'n/a',
    });
    expect(report.results.find((r) => r.id === 'batch/mixed')!.did).toMatch(/removed JSON-RPC batching/);
  });
});

describe('jayson over HTTP', () => {
  let server: Awaited<ReturnType<typeof startJaysonSpecServer>>;
  beforeAll(async () => {
    server = await startJaysonSpecServer();
  });
  afterAll(async () => {
    await server?.close();
  });

  it('the spec examples pass; unparsable JSON gets HTTP 400 text, no -32700 (broken MUST); big ids come back rounded', async () => {
    const report = await probe({ kind: 'http', url: `http://127.0.0.1:${server.port}/` });
    expect(report.dialect).toBe('base');
    const pass = 'pass';
    expect(verdicts(report)).toEqual({
      'spec-example/positional-1': pass,
      'spec-example/positional-2': pass,
      'spec-example/named-1': pass,
      'spec-example/named-2': pass,
      'spec-example/notification-update': 'skipped',
      'spec-example/notification-foobar': pass,
      'spec-example/method-not-found': pass,
      'spec-example/invalid-json': 'fail MUST',
      'spec-example/invalid-request': pass,
      'spec-example/batch-invalid-json': 'fail MUST',
      'spec-example/empty-array': pass,
      'spec-example/invalid-batch-1': pass,
      'spec-example/invalid-batch-3': pass,
      'spec-example/batch': pass,
      'spec-example/batch-all-notifications': pass,
      'notification/known': pass,
      'notification/unknown': pass,
      'id/zero': pass,
      'id/empty-string': pass,
      // jayson takes id null for a notification: 204, no answer.
      'id/null': 'fail SHOULD',
      'id/fraction': pass,
      'id/object': pass,
      'id/beyond-2^53': 'fail SHOULD',
      'invalid-request/no-jsonrpc': pass,
      'invalid-request/method-not-string': pass,
      'invalid-request/params-not-structured': pass,
      'parse-error/truncated': 'fail MUST',
      'batch/one-element': pass,
      'batch/mixed': pass,
    });
    expect(report.results.find((r) => r.id === 'spec-example/invalid-json')!.did).toMatch(/HTTP 400\) SyntaxError/);
  });
});
