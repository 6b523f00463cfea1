/**
 * The probe report in the session file: it round-trips, a broken or oversized report is refused in
 * words, a partial export keeps no quote of a left-out entry, and the redaction pass takes a secret
 * out of the report's quotes — even where a quote cut the secret in half.
 */
import { describe, expect, it } from 'vitest';
import { BASE_CHECKS } from '@/lib/probe/base-checks';
import { didText } from '@/lib/probe/judge';
import { countResults, resultOf } from '@/lib/probe/report';
import { LEFT_OUT } from '@/lib/probe/within';
import { PROBE_LIMITS } from '@/lib/probe/schema';
import type { ProbeExchange, ProbeReport } from '@/lib/probe/types';
import { parseSeqSelection, selectEvents } from '@/lib/export/selection';
import { redactSessionFile } from '@/lib/redaction';
import { buildSessionFile, parseSessionFile, serializeSessionFile } from '@/lib/session/file-format';
import type { SessionFileV1, TrafficEvent } from '@/lib/session/types';

/** A connection string the peer puts in its error data: the target's env holds it too, so redaction knows it. */
const SECRET = 'postgres-pw-Zq8rT3vK9wLmN2xB7cD4';
const framed = (body: string) => `Content-Length: ${new TextEncoder().encode(body).length}\r\n\r\n${body}`;
const SENT = '{"jsonrpc":"2.0","id":0,"method":"rpcscope/probe-no-such-method"}';
const ANSWER = `{"jsonrpc":"2.0","error":{"code":-32601,"message":"Method not found","data":"${SECRET}"},"id":0}`;
const base = { t: 0, time: Date.parse('2026-01-01T00:00:00Z'), findings: [] };
const EVENTS: TrafficEvent[] = [
  { ...base, seq: 1, dir: 'out', kind: 'request', id: 0, method: 'rpcscope/probe-no-such-method', raw: framed(SENT), state: 'answered', pair: 2 },
  { ...base, seq: 2, dir: 'in', kind: 'error', id: 0, raw: framed(ANSWER), pair: 1, error: { code: -32601, name: 'Method not found', message: 'Method not found', meaning: 'The method does not exist.', source: 'jsonrpc', data: SECRET } },
  { ...base, seq: 3, dir: 'out', kind: 'notification', method: 'rpcscope/probe-no-such-method', raw: framed('{"jsonrpc":"2.0","method":"rpcscope/probe-no-such-method"}') },
];

function report(): ProbeReport {
  const zero = BASE_CHECKS.find((c) => c.id === 'id/zero')!;
  const note = BASE_CHECKS.find((c) => c.id === 'notification/unknown')!;
  const ex: ProbeExchange = { sent: [{ seq: 1, text: SENT }], replies: [{ seq: 2, kind: 'error', body: ANSWER, findings: [] }], timedOut: false };
  const quiet: ProbeExchange = { sent: [{ seq: 3, text: '{"jsonrpc":"2.0","method":"rpcscope/probe-no-such-method"}' }], replies: [], timedOut: false };
  const results = [resultOf(zero, ex, zero.judge(ex, ctx)), resultOf(note, quiet, { outcome: 'pass', did: didText(quiet) })];
  return { format: 'rpcscope-probe', version: 1, target: 'node peer.mjs', dialect: 'base', dialectEvidence: 'chosen with --dialect', startedAt: '2026-01-01T00:00:00.000Z', durationMs: 40, sessionId: 'abc', results, counts: countResults(results) };
}
const ctx = { dialect: 'base', targetKind: 'stdio', harmless: { method: 'rpcscope/probe-no-such-method' }, knownNotification: { method: 'x' }, ownProcess: true, perRequestExchanges: false } as const;

const file = (): SessionFileV1 =>
  buildSessionFile({ name: 'probe: peer', startedAt: '2026-01-01T00:00:00.000Z', target: { kind: 'stdio', command: 'node', args: ['peer.mjs'], framing: 'content-length', env: { PEER_ERROR_DATA: SECRET } } }, EVENTS, { probe: report() });

/** Any 10 characters of the secret in a row: a cut-off quote must not keep a piece of it either. */
const pieceOf = (text: string) => Array.from({ length: SECRET.length - 9 }, (_, i) => SECRET.slice(i, i + 10)).find((p) => text.includes(p));

describe('the probe report in the session file', () => {
  it('round-trips with the session: the same report comes back from the file', () => {
    const parsed = parseSessionFile(serializeSessionFile(file()));
    expect(parsed.ok).toBe(true);
    if (parsed.ok) expect(parsed.value.probe).toEqual(report());
  });

  it('refuses a file whose report is broken, from a newer rpcscope or too large, naming the member', () => {
    const text = (probe: unknown) => JSON.stringify({ ...file(), probe });
    const bad = parseSessionFile(text({ ...report(), results: [{ id: 'x', outcome: 'maybe' }] }));
    expect(bad).toMatchObject({ ok: false });
    expect(!bad.ok && bad.error).toContain('probe.results[0]');
    const newer = parseSessionFile(text({ ...report(), version: 2 }));
    expect(!newer.ok && newer.error).toContain('this rpcscope reads probe reports of version 1');
    const huge = report();
    huge.results[0] = { ...huge.results[0], did: 'x'.repeat(60_000) };
    huge.results = Array.from({ length: Math.ceil(PROBE_LIMITS.reportChars / 60_000) + 1 }, () => huge.results[0]);
    const tooLarge = parseSessionFile(text(huge));
    expect(!tooLarge.ok && tooLarge.error).toContain('the probe report is too large');
  });

  it('the quote of the peer’s answer (cut off mid-secret) is in the report before redaction', () => {
    // The premise of the next test: the report does quote a piece of the secret that no literal search could find.
    const r = report();
    const line = r.results[0].exchange.find((x) => x.seq === 2)!.text;
    expect(line.endsWith('…')).toBe(true);
    expect(line).not.toContain(SECRET);
    expect(pieceOf(line)).toBeDefined();
  });

  it('redaction leaves no piece of the secret in the report, and its quotes are the redacted entries’', () => {
    const { file: safe } = redactSessionFile(file());
    const text = serializeSessionFile(safe);
    expect(pieceOf(text)).toBeUndefined();
    const line = safe.probe!.results[0].exchange.find((x) => x.seq === 2)!.text;
    expect(line).toContain('"data":"[redacted]"');
    expect(safe.probe!.results[0].did).toContain('answered #2');
    expect(safe.probe!.results[0].outcome).toBe('pass');
  });

  it('takes secret-named members out of quotes cut short, where the value is no known secret', () => {
    const r = report();
    r.results[0].did = 'answered #2 {"jsonrpc":"2.0","result":{"password":"hunter2-is-short…';
    const { file: safe, report: rep } = redactSessionFile({ ...file(), probe: r });
    expect(safe.probe!.results[0].did).toBe('answered #2 {"jsonrpc":"2.0","result":{"password":"[redacted]…');
    expect(rep.hits.some((h) => h.where === 'probe.results[0].did')).toBe(true);
  });

  it('a partial export keeps each check’s verdict but quotes no entry it leaves out', () => {
    const sel = parseSeqSelection('3');
    if (!sel.ok) throw new Error(sel.error);
    const part = selectEvents(file(), sel.ranges);
    expect(part.events.map((e) => e.seq)).toEqual([3]);
    const [zero, note] = part.probe!.results;
    expect(zero).toMatchObject({ id: 'id/zero', outcome: 'pass', did: LEFT_OUT, exchange: [], findings: [] });
    expect(note).toEqual(report().results[1]);
    expect(pieceOf(JSON.stringify(part.probe))).toBeUndefined();
  });
});
