/**
 * Publishing from the local app to a real team server on a real PostgreSQL, through the local app's
 * own API as the page calls it: the team link set once (the token never comes back), a recorded
 * session published redacted with its `TEAM_URL/t/<id>` link, the errors a user can act on, and a
 * live session that keeps publishing, catches up after the team server drops, and ends with it.
 */
import { statSync } from 'node:fs';
import net from 'node:net';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { LivePublicationStatus, PublishResult, TeamLinkState } from '@/lib/api/bodies';
import type { PublishedSummary } from '@/lib/team/api';
import type { SessionFileV1 } from '@/lib/session/types';
import { peerPath } from '@/tests/fixtures/peers/start-peer';
import { startTeamServer } from '@/server/team/server';
import { TEAM_SETTINGS_FILE } from '@/server/publish/settings';
import { startTestServer, type TestServer } from '../helpers/test-server';
import { startTeam, type Team } from './team-harness';

const SECRET = 'sk-team-publish-5b8e1f0c7a2d9e4f';
const MAX_SESSION_BYTES = 200_000;
const stdio = { kind: 'stdio', command: process.execPath, args: [peerPath('stdio-peer'), '--framing', 'newline'], framing: 'newline' };

let team: Team;
let app: TestServer;
beforeAll(async () => {
  [team, app] = await Promise.all([startTeam({ maxSessionBytes: MAX_SESSION_BYTES }), startTestServer()]);
}, 60_000);
afterAll(async () => {
  await app?.stop();
  await team?.stop();
}, 60_000);

const setLink = (body: { url?: string; token?: string }) => app.api<TeamLinkState & { error?: string }>('PUT', '/api/team/link', body);
const publish = (id: string, body: Record<string, unknown> = { redact: 'all' }) => app.api<PublishResult & { error?: string }>('POST', `/api/sessions/${id}/publish`, body);

async function echo(id: string, n: number, params: unknown = [n]): Promise<number> {
  const seq = await app.send(id, JSON.stringify({ jsonrpc: '2.0', id: n, method: 'echo', params }));
  await app.eventsUntil(id, (events) => events.some((e) => e.kind === 'response' && e.seq > seq));
  return seq;
}

async function recordedSession(params: unknown = ['hello']): Promise<string> {
  const s = await app.open(stdio, { name: 'recorded' });
  await echo(s.id, 1, params);
  expect((await app.api('POST', `/api/sessions/${s.id}/close`, {})).status).toBe(200);
  return s.id;
}

async function until<T>(what: string, get: () => Promise<T>, ok: (v: T) => boolean, ms = 10_000): Promise<T> {
  const end = Date.now() + ms;
  let last: T = await get();
  while (!ok(last)) {
    if (Date.now() > end) throw new Error(`timed out waiting for ${what}: ${JSON.stringify(last)}`);
    await new Promise((r) => setTimeout(r, 50));
    last = await get();
  }
  return last;
}

/** A port nothing listens on: one the system just handed out and took back. */
function closedPort(): Promise<number> {
  return new Promise((resolve) => {
    const s = net.createServer().listen(0, '127.0.0.1', () => {
      const { port } = s.address() as net.AddressInfo;
      s.close(() => resolve(port));
    });
  });
}

const teamSummary = async (id: string) => (await (await team.api(`/api/sessions/${id}`)).json()) as PublishedSummary;
const teamFile = async (id: string) => JSON.parse(await (await team.api(`/api/sessions/${id}/export?format=session`)).text()) as SessionFileV1;

describe('publishing from the local app', () => {
  it('refuses to publish before a team link is set, and says where to set it', async () => {
    const id = await recordedSession();
    const r = await publish(id);
    expect(r.status).toBe(400);
    expect(r.json.error).toMatch(/set the team URL and a personal access token first/);
  });

  it('keeps the team URL and token in the data directory and shows the page only "token set"', async () => {
    expect((await app.api<TeamLinkState>('GET', '/api/team/link')).json).toEqual({ url: null, tokenSet: false });
    const bad = await setLink({ url: 'ftp://team.example' });
    expect(bad.status).toBe(400);
    expect(bad.json.error).toMatch(/http:\/\/ or https:\/\//);
    const set = await setLink({ url: `${team.server.url}/`, token: team.tokens.member });
    expect(set.status).toBe(200);
    expect(set.json).toEqual({ url: team.server.url, tokenSet: true });
    const read = await app.api('GET', '/api/team/link');
    expect(read.text).not.toContain(team.tokens.member);
    expect(set.text).not.toContain(team.tokens.member);
    expect(statSync(path.join(app.dir, TEAM_SETTINGS_FILE)).mode & 0o777).toBe(0o600);
  });

  it('publishes a recorded session redacted, and answers with its link TEAM_URL/t/<id>', async () => {
    const env = await app.api<{ environment: { id: string } }>('POST', '/api/environments', { name: 'prod', variables: [{ name: 'apiKey', value: SECRET, secret: true }] });
    const s = await app.open(stdio, { name: 'with a secret' });
    const sent = await app.api<{ seq: number }>('POST', `/api/sessions/${s.id}/send-with-environment`, { text: '{"jsonrpc":"2.0","id":1,"method":"echo","params":["{{apiKey}}"]}', environmentId: env.json.environment.id });
    expect(sent.status).toBe(200);
    await app.eventsUntil(s.id, (events) => events.some((e) => e.kind === 'response'));
    await app.api('POST', `/api/sessions/${s.id}/close`, {});

    const r = await publish(s.id);
    expect(r.status, r.text).toBe(200);
    expect(r.json.url).toBe(`${team.server.url}/t/${r.json.id}`);
    expect(r.json.live).toBeNull();
    const file = await teamFile(r.json.id);
    expect(file.name).toBe('with a secret');
    expect(file.events.length).toBe(r.json.events);
    const text = JSON.stringify(file);
    expect(text).toContain('"method":"echo"');
    expect(text).not.toContain(SECRET);
  });

  it('says why when the token is wrong, the role is viewer, the server is down or the session too big', async () => {
    const id = await recordedSession();
    await setLink({ token: 'rpcs_not-a-real-token' });
    const wrong = await publish(id);
    expect(wrong.status).toBe(400);
    expect(wrong.json.error).toMatch(/the token is wrong or was revoked/);

    await setLink({ token: team.tokens.viewer });
    const viewer = await publish(id);
    expect(viewer.status).toBe(400);
    expect(viewer.json.error).toMatch(/your role is viewer.*member role to publish/);

    const closed = `http://127.0.0.1:${await closedPort()}`;
    await setLink({ url: closed, token: team.tokens.member });
    const down = await publish(id);
    expect(down.status).toBe(502);
    expect(down.json.error).toContain(`cannot reach the team server at ${closed}`);
    expect(down.json.error).toMatch(/ECONNREFUSED/);

    await setLink({ url: team.server.url });
    const big = await recordedSession(['x'.repeat(MAX_SESSION_BYTES)]);
    const tooBig = await publish(big);
    expect(tooBig.status).toBe(413);
    expect(tooBig.json.error).toMatch(/refused \(413\)/);
  });

  it('publishes a live session as it records, catches up after the team server drops, and ends with it', async () => {
    await setLink({ url: team.server.url, token: team.tokens.member });
    const s = await app.open(stdio, { name: 'live one' });
    await echo(s.id, 1);
    const r = await publish(s.id, { redact: 'all', live: true });
    expect(r.status, r.text).toBe(200);
    expect(r.json.live?.state).toBe('live');
    expect((await publish(s.id, { live: true })).status).toBe(409);

    await echo(s.id, 2);
    const local = async () => (await app.api<{ events: { seq: number }[] }>('GET', `/api/sessions/${s.id}/events`)).json.events;
    const lastLocal = async () => Math.max(...(await local()).map((e) => e.seq));
    let want = await lastLocal();
    await until('the team server to have entry 2', () => teamSummary(r.json.id), (t) => t.lastSeq >= want);

    // The team server goes away; the app keeps recording and says it is retrying.
    const port = Number(new URL(team.server.url).port);
    await team.server.close();
    await echo(s.id, 3);
    await echo(s.id, 4);
    const status = async () => (await app.api<{ live: LivePublicationStatus | null }>('GET', `/api/sessions/${s.id}/publish`)).json.live;
    const retrying = await until('the app to say it is retrying', status, (l) => l?.state === 'retrying');
    expect(retrying?.error).toMatch(/cannot reach the team server.*retrying/);

    team.server = await startTeamServer(team.store, { port, maxSessionBytes: MAX_SESSION_BYTES, log: () => {} });
    want = await lastLocal();
    await until('the app to catch up', status, (l) => l?.state === 'live' && l.lastSeq >= want);

    await app.api('POST', `/api/sessions/${s.id}/close`, {});
    const done = await until('the publication to end with the session', () => teamSummary(r.json.id), (t) => !t.live);
    const seqs = (await teamFile(r.json.id)).events.map((e) => e.seq);
    expect(new Set(seqs).size).toBe(seqs.length);
    expect(seqs).toEqual((await local()).map((e) => e.seq));
    expect(done.lastSeq).toBe(Math.max(...seqs));
    expect((await status())?.state).toBe('done');
  });
});
