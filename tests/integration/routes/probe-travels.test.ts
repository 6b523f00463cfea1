/**
 * The probe report travels with its session, through the real servers: "Probe this target" on the
 * fixture stdio peer started with a secret in its environment that it leaks into every -32601
 * answer; the session file and the HTML export carry the report with the secret redacted (also
 * where the report quotes the answer cut off mid-secret); importing the file into another app keeps
 * the report with the imported session; publishing to a real team server on PostgreSQL keeps it
 * there, redacted, in the database and on the /t/<id> page.
 */
import pg from 'pg';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { ProbeReport } from '@/lib/probe/types';
import type { SessionFileV1, SessionSummary } from '@/lib/session/types';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { startTeam, type Team } from '../team/team-harness';

const SECRET = 'pg-pass-Wq7zR2mK8vNc4TxL9bYd';
/** Any 10 characters of the secret in a row: a quote cut off mid-secret must not keep a piece either. */
const pieceIn = (text: string) => Array.from({ length: SECRET.length - 9 }, (_, i) => SECRET.slice(i, i + 10)).find((p) => text.includes(p));
const target = { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer')], framing: 'content-length', env: { PEER_ERROR_DATA: SECRET } };

let app: TestServer;
let other: TestServer;
let team: Team;
let probed: { session: SessionSummary; report: ProbeReport };

beforeAll(async () => {
  [app, other, team] = await Promise.all([startTestServer(), startTestServer(), startTeam()]);
  const first = await app.open(target, { name: 'leaky peer', timeoutMs: 5000 });
  const r = await app.api<typeof probed>('POST', `/api/sessions/${first.id}/probe`, { dialect: 'base' });
  expect(r.status, r.text).toBe(200);
  probed = r.json;
  await app.api('POST', `/api/sessions/${first.id}/close`, {});
}, 90_000);
afterAll(async () => {
  await Promise.all([app?.stop(), other?.stop()]);
  await team?.stop();
}, 60_000);

const zeroLine = (report: ProbeReport) => report.results.find((r) => r.id === 'id/zero')!;

describe('the probe report travels with its session', () => {
  it('the report as kept quotes the peer’s leaky answer (the premise of what follows)', () => {
    const line = zeroLine(probed.report);
    expect(line.outcome).toBe('pass');
    expect(pieceIn(JSON.stringify(line))).toBeDefined();
  });

  it('the session file carries the report, redacted like the entries, with the verdicts unchanged', async () => {
    const r = await app.api('GET', `/api/sessions/${probed.session.id}/export?format=session`);
    expect(r.status).toBe(200);
    expect(pieceIn(r.text)).toBeUndefined();
    const file = JSON.parse(r.text) as SessionFileV1;
    expect(file.probe?.results.map((x) => [x.id, x.outcome])).toEqual(probed.report.results.map((x) => [x.id, x.outcome]));
    expect(zeroLine(file.probe!).exchange.some((x) => x.dir === 'in' && x.text.includes('[redacted]'))).toBe(true);
  });

  it('the HTML export carries the report for its Probe tab, redacted', async () => {
    const r = await app.api('GET', `/api/sessions/${probed.session.id}/export?format=html`);
    expect(r.status).toBe(200);
    expect(r.text).toContain('"format":"rpcscope-probe"');
    expect(r.text).toContain('id/zero');
    expect(pieceIn(r.text)).toBeUndefined();
  });

  it('an imported session file keeps its report: another app shows it for the imported session', async () => {
    const file = (await app.api('GET', `/api/sessions/${probed.session.id}/export?format=session`)).text;
    const r = await other.api<{ session: SessionSummary }>('POST', '/api/import/session', JSON.parse(file));
    expect(r.status, r.text).toBe(200);
    const kept = await other.api<{ report: ProbeReport | null }>('GET', `/api/sessions/${r.json.session.id}/probe`);
    expect(kept.json.report?.sessionId).toBe(r.json.session.id);
    expect(kept.json.report?.results.map((x) => x.outcome)).toEqual(probed.report.results.map((x) => x.outcome));
    expect(pieceIn(JSON.stringify(kept.json.report))).toBeUndefined();
  });

  it('refuses, in words and importing nothing, a file whose report is broken', async () => {
    const file = JSON.parse((await app.api('GET', `/api/sessions/${probed.session.id}/export?format=session`)).text) as SessionFileV1;
    const count = async () => (await other.api<{ sessions: SessionSummary[] }>('GET', '/api/sessions')).json.sessions.length;
    const before = await count();
    const r = await other.api<{ error: string }>('POST', '/api/import/session', { ...file, probe: { ...file.probe, results: 'many' } });
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/nothing was imported: invalid session file: probe\.results/);
    expect(await count()).toBe(before);
  });

  it('a published session keeps the report on the team server — redacted in its database, its file and its /t/<id> page', async () => {
    expect((await app.api('PUT', '/api/team/link', { url: team.server.url, token: team.tokens.member })).status).toBe(200);
    const pub = await app.api<{ id: string; url: string; error?: string }>('POST', `/api/sessions/${probed.session.id}/publish`, { redact: 'all' });
    expect(pub.status, pub.text).toBe(200);

    const db = new pg.Client({ connectionString: team.database });
    await db.connect();
    try {
      const dump = [];
      for (const table of ['team_sessions', 'team_events', 'team_probes']) dump.push(JSON.stringify((await db.query(`SELECT * FROM ${table}`)).rows));
      const all = dump.join('\n');
      expect(all).toContain('rpcscope-probe');
      expect(pieceIn(all)).toBeUndefined();
    } finally {
      await db.end();
    }

    const file = JSON.parse(await (await team.api(`/api/sessions/${pub.json.id}/export?format=session`)).text()) as SessionFileV1;
    expect(file.probe?.results.map((x) => x.id)).toEqual(probed.report.results.map((x) => x.id));
    const page = await (await team.api(`/t/${pub.json.id}`)).text();
    expect(page).toContain('"format":"rpcscope-probe"');
    expect(pieceIn(page)).toBeUndefined();
  });
});
