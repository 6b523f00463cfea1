import { describe, expect, it } from 'vitest';
import { entrySummary, previewNode, SUMMARY_MAX } from '@/lib/timeline/summary';
import { parseJsonLossless } from '@/lib/timeline/json';
import type { TrafficEvent } from '@/lib/session/types';
import { ev, lookupOf } from './events';

const framed = (body: object | string) => {
  const text = typeof body === 'string' ? body : JSON.stringify(body);
  return `Content-Length: ${text.length}\r\n\r\n${text}`;
};
const note = (seq: number, method: string, params: unknown, dir: TrafficEvent['dir'] = 'in') =>
  ev({ seq, dir, kind: 'notification', method, raw: framed({ jsonrpc: '2.0', method, params }) });
const none = () => undefined;

describe('the Summary column says what an entry is about without opening it', () => {
  it('shows an LSP log message with its level', () => {
    expect(entrySummary(note(1, 'window/logMessage', { type: 2, message: 'Schema download failed\nretrying' }), none, 'lsp')).toBe('warning: Schema download failed');
  });

  it('counts diagnostics per file by severity and quotes the first', () => {
    const e = note(2, 'textDocument/publishDiagnostics', {
      uri: 'file:///work/src/settings.json',
      diagnostics: [
        { severity: 1, message: 'Expected comma', range: {} },
        { severity: 1, message: 'Value expected', range: {} },
        { severity: 2, message: 'Duplicate key', range: {} },
      ],
    });
    expect(entrySummary(e, none, 'lsp')).toBe('settings.json: 2 errors, 1 warning — Expected comma');
    expect(entrySummary(note(3, 'textDocument/publishDiagnostics', { uri: 'file:///a/b.json', diagnostics: [] }), none)).toBe('b.json: no problems');
  });

  it('shows an MCP log notification with level and logger', () => {
    expect(entrySummary(note(4, 'notifications/message', { level: 'error', logger: 'db', data: 'connection lost' }), none, 'mcp')).toBe('error [db]: connection lost');
  });

  it('names the tool a tools/call calls, and its answer says whether the tool failed', () => {
    const req = ev({ seq: 5, dir: 'out', kind: 'request', id: 1, method: 'tools/call', pair: 6, raw: JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'tools/call', params: { name: 'echo', arguments: { message: 'hi' } } }) });
    const res = ev({ seq: 6, dir: 'in', kind: 'response', id: 1, pair: 5, raw: JSON.stringify({ jsonrpc: '2.0', id: 1, result: { content: [{ type: 'text', text: 'Echo: hi' }] } }) });
    const bad = ev({ seq: 8, dir: 'in', kind: 'response', id: 2, pair: 7, raw: JSON.stringify({ jsonrpc: '2.0', id: 2, result: { isError: true, content: [{ type: 'text', text: 'no such file' }] } }) });
    const badReq = ev({ seq: 7, dir: 'out', kind: 'request', id: 2, method: 'tools/call', pair: 8, raw: JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'tools/call', params: { name: 'read' } }) });
    const lookup = lookupOf([req, res, badReq, bad]);
    expect(entrySummary(req, lookup, 'mcp')).toBe('echo');
    expect(entrySummary(res, lookup, 'mcp')).toBe('echo → Echo: hi');
    expect(entrySummary(bad, lookup, 'mcp')).toBe('read: tool error — no such file');
  });

  it('shows an error response by its decoded name and message', () => {
    const e = ev({ seq: 9, dir: 'in', kind: 'error', id: 3, raw: '{}', error: { code: -32601, message: 'no such method: foo', name: 'Method not found', meaning: '', source: 'jsonrpc' } });
    expect(entrySummary(e, none)).toBe('Method not found: no such method: foo');
  });

  it('falls back to a compact params preview, numbers exactly as sent', () => {
    const e = ev({ seq: 10, dir: 'out', kind: 'request', id: 4, method: 'subtract', raw: '{"jsonrpc":"2.0","id":4,"method":"subtract","params":[42, 12345678901234567890]}' });
    expect(entrySummary(e, none)).toBe('[42,12345678901234567890]');
  });

  it('clips a long preview and never parses past a huge value', () => {
    const node = parseJsonLossless(JSON.stringify({ text: 'x'.repeat(10_000), more: [1, 2, 3] }));
    if (!node.ok) throw new Error(node.error);
    const text = previewNode(node.node);
    expect(text.length).toBeLessThanOrEqual(SUMMARY_MAX);
    expect(text.endsWith('…')).toBe(true);
  });

  it('gives nothing (not an exception) for malformed or odd messages', () => {
    expect(entrySummary(ev({ seq: 11, dir: 'in', kind: 'notification', method: 'window/logMessage', raw: '{"jsonrpc":"2.0","method":"window/logMessage","params":{"message":5}}' }), none)).toBe('{"message":5}');
    expect(entrySummary(ev({ seq: 12, dir: 'in', kind: 'notification', method: 'constructor', raw: '{"jsonrpc":"2.0","method":"constructor"}' }), none)).toBe('');
    expect(entrySummary(ev({ seq: 13, dir: 'in', kind: 'request', method: 'x', raw: '{"jsonrpc":"2.0",' }), none)).toBe('');
  });

  it('is computed once per entry, and again when the answer gets paired', () => {
    const req = ev({ seq: 20, dir: 'out', kind: 'request', id: 9, method: 'tools/call', raw: JSON.stringify({ jsonrpc: '2.0', id: 9, method: 'tools/call', params: { name: 'add' } }) });
    const res = ev({ seq: 21, dir: 'in', kind: 'response', id: 9, raw: JSON.stringify({ jsonrpc: '2.0', id: 9, result: { content: [{ type: 'text', text: '3' }] } }) });
    const lookup = lookupOf([req, res]);
    expect(entrySummary(res, lookup, 'mcp')).toBe('{"content":[{"type":"text","text":"3"}]}');
    res.raw = 'changed after the first read';
    expect(entrySummary(res, lookup, 'mcp')).toBe('{"content":[{"type":"text","text":"3"}]}');
    res.raw = JSON.stringify({ jsonrpc: '2.0', id: 9, result: { content: [{ type: 'text', text: '3' }] } });
    res.pair = 20;
    expect(entrySummary(res, lookup, 'mcp')).toBe('add → 3');
  });
});
