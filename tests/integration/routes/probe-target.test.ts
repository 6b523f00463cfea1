/**
 * "Probe this target" through the real server: a new recorded session on the fixture stdio peer
 * (run with known deviations), driven by the probe; the report comes back, is kept with the new
 * session, and its seq numbers point at entries of that session.
 */
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeReport } from '@/lib/probe/types';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';
import { startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

const PEER = path.resolve('tests/fixtures/peers/stdio-peer.mjs');
type ProbeAnswer = { session?: SessionSummary; report?: ProbeReport; error?: string };
const probe = (id: string, body: unknown = { dialect: 'base' }) => t.api<ProbeAnswer>('POST', `/api/sessions/${id}/probe`, body);

describe('Probe this target', () => {
  it('probes the session’s target in a new session: answered notifications fail a MUST, wrong codes a SHOULD, and the report is kept', async () => {
    const first = await t.open({ kind: 'stdio', command: process.execPath, args: [PEER, '--deviate', 'answer-notifications,wrong-codes'], framing: 'content-length' }, { name: 'peer', timeoutMs: 5000 });
    const r = await probe(first.id);
    expect(r.status, r.text).toBe(200);
    const { session, report } = r.json as Required<ProbeAnswer>;
    expect(session.id).not.toBe(first.id);
    expect(session.name).toBe('probe: peer');
    expect(session.target).toEqual(first.target);
    expect(session.status).not.toBe('open');
    expect(report.sessionId).toBe(session.id);
    const verdict = (id: string) => {
      const line = report.results.find((x) => x.id === id)!;
      return line.outcome === 'fail' ? `fail ${line.broke}` : line.outcome;
    };
    expect(verdict('notification/unknown')).toBe('fail MUST');
    expect(verdict('notification/known')).toBe('fail MUST');
    expect(verdict('parse-error/truncated')).toBe('fail SHOULD');
    expect(verdict('id/zero')).toBe('pass');
    expect(report.counts.mustBroken).toBeGreaterThan(0);

    // The seq numbers of the report are the new session's own entries.
    const events = (await t.api<{ events: TrafficEvent[] }>('GET', `/api/sessions/${session.id}/events`)).json.events;
    const line = report.results.find((x) => x.id === 'notification/unknown')!;
    for (const x of line.exchange) expect(events.find((e) => e.seq === x.seq)?.dir).toBe(x.dir);

    const kept = await t.api<{ report: ProbeReport | null }>('GET', `/api/sessions/${session.id}/probe`);
    expect(kept.json.report).toEqual(report);
    const none = await t.api<{ report: ProbeReport | null }>('GET', `/api/sessions/${first.id}/probe`);
    expect(none.json.report).toBeNull();
    await t.api('POST', `/api/sessions/${first.id}/close`, {});
  }, 30_000);

  it('refuses an unknown dialect and a session that does not exist, in words', async () => {
    const first = await t.open({ kind: 'stdio', command: process.execPath, args: [PEER], framing: 'content-length' }, { timeoutMs: 5000 });
    const bad = await probe(first.id, { dialect: 'klingon' });
    expect(bad.status).toBe(400);
    expect(bad.text).toContain('dialect is auto or one of');
    const missing = await probe('nope');
    expect(missing.status).toBe(404);
    expect(missing.text).toContain('no session nope');
    await t.api('POST', `/api/sessions/${first.id}/close`, {});
  });
});
