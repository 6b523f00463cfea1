import { describe, expect, it } from 'vitest';
import {
  buildSessionFile,
  jsonDepthExceeds,
  parseSessionFile,
  serializeSessionFile,
  sessionFileText,
} from '@/lib/session/file-format';
import type { TargetSpec, TrafficEvent } from '@/lib/session/types';

const target: TargetSpec = { kind: 'stdio', command: 'node', args: ['peer.js'], framing: 'content-length' };
const summary = { name: 'lsp run', startedAt: '2025-01-02T03:04:05.678Z', target };

const framed = (body: string) => `Content-Length: ${new TextEncoder().encode(body).length}\r\n\r\n${body}`;

function sampleEvents(): TrafficEvent[] {
  const bigId = '123456789012345678901234567890';
  const req = `{"jsonrpc":"2.0","id":${bigId},"method":"héllo/世界","params":["tab\\there","😀"]}`;
  return [
    { seq: 1, t: 0, time: 1735787045678, dir: 'meta', raw: '', kind: 'connection', findings: [], note: 'started pid 42', process: { pid: 42 } },
    {
      seq: 2, t: 1.25, time: 1735787045679.25, dir: 'out', raw: framed(req), kind: 'request',
      id: 1.2345678901234568e29, idText: bigId, method: 'héllo/世界', pair: 3, state: 'answered', findings: [],
    },
    {
      seq: 3, t: 4.5, time: 1735787045682.5, dir: 'in', kind: 'error', id: 1.2345678901234568e29, idText: bigId,
      raw: framed(`{"jsonrpc":"2.0","id":${bigId},"error":{"code":-32601,"message":"nope\\r\\n"}}`),
      pair: 2, latencyMs: 3.25, state: 'answered',
      error: { code: -32601, message: 'nope\r\n', name: 'Method not found', meaning: 'The method does not exist.', source: 'jsonrpc' },
      findings: [{ rule: 'x-rule', severity: 'warning', message: 'just a check', path: 'error.data' }],
    },
    { seq: 4, t: 5, time: 1735787045683, dir: 'in', raw: 'banner line\r\n\u0000\u00ff\ud800', rawBase64: 'YmFubmVy', kind: 'noise', reason: 'banner', findings: [] },
    { seq: 7, t: 9, time: 1735787045687, dir: 'meta', raw: 'warn: über\n', kind: 'stderr', findings: [] },
  ];
}

describe('session file, version 1', () => {
  it('round-trips every event, raw text byte for byte', () => {
    const events = sampleEvents();
    const text = sessionFileText(summary, events);
    const r = parseSessionFile(text);
    expect(r.ok).toBe(true);
    if (!r.ok) return;
    expect(r.value.events).toEqual(events);
    for (let i = 0; i < events.length; i++) expect(r.value.events[i].raw).toBe(events[i].raw);
    expect(r.value.events[1].idText).toBe('123456789012345678901234567890');
    expect(r.value.target).toEqual(target);
    expect(r.value.name).toBe('lsp run');
    // Writing what was read gives the same bytes again.
    expect(serializeSessionFile(r.value)).toBe(text);
  });

  it('writes one stable, pretty-printed layout that diffs line by line', () => {
    const events = sampleEvents();
    const shuffled = events.map((e) => Object.fromEntries(Object.entries(e).reverse()) as unknown as TrafficEvent);
    const a = sessionFileText(summary, events);
    const b = sessionFileText({ target: { ...target }, startedAt: summary.startedAt, name: summary.name }, shuffled);
    expect(b).toBe(a);
    expect(a.startsWith('{\n  "format": "rpcscope-session",\n  "version": 1,\n')).toBe(true);
    expect(a.endsWith('}\n')).toBe(true);
    expect(a).toContain('\n      "seq": 2,\n      "t": 1.25,\n');
    expect(a.split('\n').length).toBeGreaterThan(50);
  });

  it('records redactions and leaves out absent members', () => {
    const file = buildSessionFile({ target, startedAt: summary.startedAt }, [], { redactions: [{ kind: 'header', count: 2 }] });
    expect(Object.keys(file)).toEqual(['format', 'version', 'startedAt', 'target', 'redactions', 'events']);
    const r = parseSessionFile(serializeSessionFile(file));
    expect(r.ok && r.value.redactions).toEqual([{ kind: 'header', count: 2 }]);
  });

  it('refuses a file of another format', () => {
    expect(parseSessionFile('{"format":"har","version":1}')).toEqual({
      ok: false,
      error: 'not an rpcscope session file: format is "har", expected "rpcscope-session"',
    });
    expect(parseSessionFile('[1,2]')).toEqual({ ok: false, error: 'not a session file: expected a JSON object' });
    const r = parseSessionFile('{"format": "rpcscope-session", ');
    expect(!r.ok && r.error).toMatch(/^not a session file: not valid JSON/);
  });

  it('refuses a file made by a newer rpcscope', () => {
    const text = sessionFileText(summary, sampleEvents()).replace('"version": 1', '"version": 2');
    expect(parseSessionFile(text)).toEqual({
      ok: false,
      error: 'made by a newer rpcscope: version 2 (this rpcscope reads version 1)',
    });
    const r = parseSessionFile(text.replace('"version": 2', '"version": "1"'));
    expect(!r.ok && r.error).toBe('unsupported session file version: "1" (this rpcscope reads version 1)');
  });

  it('refuses a half-valid file whole, naming the first bad entry', () => {
    const file = JSON.parse(sessionFileText(summary, sampleEvents()));
    file.events[3].dir = 'sideways';
    const r = parseSessionFile(JSON.stringify(file));
    expect(r.ok).toBe(false);
    expect(!r.ok && r.error).toMatch(/^invalid session file: events\[3\]\.dir: Invalid option/);
    expect('value' in r).toBe(false);
  });

  it('refuses forged files: repeated seqs, launch commands with NUL, bad dates', () => {
    const file = JSON.parse(sessionFileText(summary, sampleEvents()));
    file.events[2].seq = 2;
    expect(parseSessionFile(JSON.stringify(file))).toEqual({
      ok: false,
      error: 'invalid session file: events[2].seq: 2 does not follow 2 (seq must increase)',
    });
    const forged = JSON.parse(sessionFileText(summary, []));
    forged.target.command = 'rm\u0000-rf';
    expect(parseSessionFile(JSON.stringify(forged))).toEqual({
      ok: false,
      error: 'invalid session file: target.command: command may not contain NUL',
    });
    forged.target.command = 'node';
    forged.startedAt = 'yesterday';
    expect(parseSessionFile(JSON.stringify(forged))).toEqual({
      ok: false,
      error: 'invalid session file: startedAt: must be an ISO-8601 date-time',
    });
  });

  it('refuses nesting deeper than the limit before parsing it', () => {
    const deep = '{"format":"rpcscope-session","version":1,"x":' + '['.repeat(300) + ']'.repeat(300) + '}';
    expect(parseSessionFile(deep)).toEqual({ ok: false, error: 'file is nested too deeply (more than 256 levels)' });
    // Brackets inside strings are text, not nesting.
    expect(jsonDepthExceeds(JSON.stringify({ raw: '['.repeat(1000) + '\\"[[' }), 3)).toBe(false);
    expect(jsonDepthExceeds('[[[[', 3)).toBe(true);
  });

  it('refuses a file over the size limit without parsing it', () => {
    const huge = ' '.repeat(256 * 1024 * 1024 + 1);
    expect(parseSessionFile(huge)).toEqual({ ok: false, error: 'file is too large: 256 MiB (limit 256 MiB)' });
  });
});
