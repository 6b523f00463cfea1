/**
 * The team server on a real PostgreSQL, through its HTTP API and the real CLI: roles on every
 * route, tokens revoked mid-session, a restart, concurrent edits, secrets, publishing, size caps.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { ACTION_NEEDS, ROLES, may } from '../../../lib/team/roles';
import { sessionFileText } from '../../../lib/session/file-format';
import type { SessionFileV1, TrafficEvent } from '../../../lib/session/types';
import { TEAM_ROUTES, startTeamServer } from '../../../server/team/server';
import { LivePublisher, publishFile } from '../../../server/team/publish-client';
import { startTeam, type Team } from './team-harness';

const SECRET = 'sk-live-7f3a9c2e4b1d8f6a0c5e';

function sessionFile(n: number, extraHeaders: Record<string, string> = {}): SessionFileV1 {
  const events: TrafficEvent[] = [];
  for (let i = 0; i < n; i++) {
    const raw = i % 2 === 0 ? `{"jsonrpc":"2.0","id":${i},"method":"ping"}` : `{"jsonrpc":"2.0","id":${i - 1},"result":"pong"}`;
    events.push({ seq: i, t: i, time: 1_700_000_000_000 + i, dir: i % 2 ? 'in' : 'out', kind: i % 2 ? 'response' : 'request', raw, findings: [] } as unknown as TrafficEvent);
  }
  return { format: 'rpcscope-session', version: 1, name: 'ping pong', startedAt: '2026-01-01T00:00:00.000Z', target: { kind: 'http', url: 'http://127.0.0.1:9/rpc', headers: { Authorization: `Bearer ${SECRET}`, ...extraHeaders } }, events } as SessionFileV1;
}

/** Every table's rows as text, to look for a value that must not be there. */
async function everyTableText(team: Team): Promise<string> {
  const { default: pg } = await import('pg');
  const c = new pg.Client({ connectionString: team.database });
  await c.connect();
  try {
    const tables = (await c.query(`SELECT tablename FROM pg_tables WHERE schemaname = 'public'`)).rows.map((r: { tablename: string }) => r.tablename);
    let all = '';
    for (const t of tables) all += JSON.stringify((await c.query(`SELECT * FROM "${t}"`)).rows);
    return all;
  } finally {
    await c.end();
  }
}

let team: Team;
beforeAll(async () => {
  team = await startTeam();
}, 60_000);
afterAll(() => team?.stop(), 60_000);

describe('the team server', () => {
  it('enforces each role on every route, and refuses anonymous calls', async () => {
    const { id } = await publishFile(team.server.url, team.tokens.member, sessionFile(4));
    for (const route of TEAM_ROUTES) {
      const path = route.path.replace(':id', id).replace(':name', 'member');
      const body = route.method === 'GET' ? undefined : '{}';
      const anon = await team.api(path, { method: route.method, body, as: null });
      expect(anon.status, `${route.method} ${route.path} without sign-in`).toBe(401);
      for (const role of ROLES) {
        const ctl = new AbortController();
        const res = await team.api(path, { method: route.method, body, as: role, signal: ctl.signal });
        const label = `${route.method} ${route.path} as ${role}`;
        if (may(role, route.action)) expect([401, 403], label).not.toContain(res.status);
        else {
          expect(res.status, label).toBe(403);
          expect((await res.json()).error).toBe(`your role is ${role}; this needs ${ACTION_NEEDS[route.action]} or above`);
        }
        ctl.abort(); // the live stream stays open otherwise
      }
    }
  });

  it('refuses a token revoked while its live publication runs, and keeps what came before', async () => {
    const created = await (await team.api('/api/tokens', { method: 'POST', body: '{"name":"ci"}', as: 'member' })).json();
    const pub = new LivePublisher(team.server.url, created.token);
    const file = sessionFile(2);
    await pub.start(file);
    await pub.append(sessionFile(6).events.slice(2, 4));
    const revoked = await team.api(`/api/tokens/${created.id}`, { method: 'DELETE', as: 'member' });
    expect(revoked.status).toBe(200);
    await expect(pub.append(sessionFile(6).events.slice(4, 6))).rejects.toThrow(/401\): this token \("ci"\) was revoked at/);
    const events = await (await team.api(`/api/sessions/${pub.url.split('/t/')[1]}/events`, { as: 'viewer' })).json();
    expect(events.events.map((e: TrafficEvent) => e.seq)).toEqual([0, 1, 2, 3]);
  });

  it('keeps everything across a restart of the team server', async () => {
    const { id } = await publishFile(team.server.url, team.tokens.member, sessionFile(10));
    await team.api(`/api/sessions/${id}/comments`, { method: 'POST', body: JSON.stringify({ seq: 3, text: 'look here' }), as: 'member' });
    await team.api('/api/collections/kept', { method: 'PUT', body: JSON.stringify({ version: 0, body: { items: [1] } }), as: 'member' });
    await team.restart();
    const s = await (await team.api(`/api/sessions/${id}`, { as: 'viewer' })).json();
    expect(s).toMatchObject({ id, events: 10, lastSeq: 9, name: 'ping pong' });
    expect((await (await team.api(`/api/sessions/${id}/comments`, { as: 'viewer' })).json())[0]).toMatchObject({ seq: 3, text: 'look here', author: 'member' });
    expect((await (await team.api('/api/collections/kept', { as: 'viewer' })).json()).body).toEqual({ items: [1] });
  });

  it('shows a conflict when two people push the same collection version, and overwrites nothing', async () => {
    await team.api('/api/collections/shared', { method: 'PUT', body: JSON.stringify({ version: 0, body: { v: 'first' } }), as: 'member' });
    const [a, b] = await Promise.all([
      team.api('/api/collections/shared', { method: 'PUT', body: JSON.stringify({ version: 1, body: { v: 'member' } }), as: 'member' }),
      team.api('/api/collections/shared', { method: 'PUT', body: JSON.stringify({ version: 1, body: { v: 'owner' } }), as: 'owner' }),
    ]);
    expect([a.status, b.status].sort()).toEqual([200, 409]);
    const lost = a.status === 409 ? a : b;
    const conflict = await lost.json();
    expect(conflict.error).toMatch(/collection "shared" was changed by (member|owner) at .* \(now version 2; you pushed over version 1\): pull it, merge your changes, push again — nothing was overwritten/);
    const now = await (await team.api('/api/collections/shared', { as: 'viewer' })).json();
    expect(now.version).toBe(2);
    expect(conflict.current.body).toEqual(now.body);
  });

  it('never lets a secret value into the team database', async () => {
    const refused = await team.api('/api/environments/staging', {
      method: 'PUT',
      body: JSON.stringify({ version: 0, variables: [{ name: 'apiToken', secret: true, value: SECRET }] }),
      as: 'member',
    });
    expect(refused.status).toBe(400);
    expect((await refused.json()).error).toContain('secret values never leave the machine they were typed on');
    const ok = await team.api('/api/environments/staging', {
      method: 'PUT',
      body: JSON.stringify({ version: 0, variables: [{ name: 'apiToken', secret: true }, { name: 'baseUrl', secret: false, value: 'https://staging.example' }] }),
      as: 'member',
    });
    expect(ok.status).toBe(200);
    // A published session whose target carries the secret: redacted before it left.
    await publishFile(team.server.url, team.tokens.member, sessionFile(2));
    const all = await everyTableText(team);
    expect(all).toContain('staging.example');
    expect(all).not.toContain(SECRET);
  });

  it('refuses a session over the size cap with 413 and stores nothing of it', async () => {
    const small = await startTeamServer(team.store, { port: 0, maxSessionBytes: 2000, log: () => {} });
    try {
      const before = (await team.store.sessions()).length;
      const file = sessionFile(100);
      const res = await fetch(`${small.url}/api/sessions`, { method: 'POST', body: sessionFileText(file, file.events), headers: { authorization: `Bearer ${team.tokens.member}` } });
      expect(res.status).toBe(413);
      expect((await res.json()).error).toMatch(/over this server's limit of 2000 bytes/);
      expect((await team.store.sessions()).length).toBe(before);
    } finally {
      await small.close();
    }
  });

  it('says what is wrong with a token in words', async () => {
    const res = await fetch(`${team.server.url}/api/sessions`, { headers: { authorization: 'Bearer rpcs_nope' } });
    expect(res.status).toBe(401);
    expect((await res.json()).error).toBe('this token is not known to this team server (check RPCSCOPE_TEAM_TOKEN)');
  });
});
