/**
 * The team server as people use it: the real `rpcscope team` and `rpcscope publish` commands
 * against a server on a real PostgreSQL, a browser-style sign-in from the one-time link, and a
 * teammate watching a live publication (entries and comments arriving on the live stream).
 */
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { parseSessionFile } from '../../../lib/session/file-format';
import type { TrafficEvent } from '../../../lib/session/types';
import { LivePublisher, publishFile } from '../../../server/team/publish-client';
import { writeSessionFile } from '../../fixtures/sessions/write-session-file';
import { rpcscopeCli, startTeam, type Team } from './team-harness';

let team: Team;
let dir: string;
beforeAll(async () => {
  team = await startTeam();
  dir = mkdtempSync(join(tmpdir(), 'rpcscope-team-cli-'));
}, 60_000);
afterAll(() => team?.stop(), 60_000);

describe('rpcscope team and rpcscope publish', () => {
  it('adds a person whose one-time link signs a browser in with a strict cookie', async () => {
    const add = await rpcscopeCli(['team', 'user', 'add', 'ada', '--role', 'member', '--database', team.database, '--url', team.server.url]);
    expect(add.code, add.stderr).toBe(0);
    const link = /(http:\/\/\S+\/welcome\?code=\S+)/.exec(add.stdout)![1];
    const code = new URL(link).searchParams.get('code')!;
    const origin = team.server.url;
    const form = (password: string) => new URLSearchParams({ code, password }).toString();
    const post = (path: string, body: string, headers: Record<string, string> = {}) =>
      fetch(team.server.url + path, { method: 'POST', body, redirect: 'manual', headers: { 'content-type': 'application/x-www-form-urlencoded', origin, ...headers } });

    expect((await post('/auth/welcome', form('short'))).status).toBe(400);
    const welcome = await post('/auth/welcome', form('correct horse battery'));
    expect(welcome.status).toBe(303);
    const setCookie = welcome.headers.get('set-cookie')!;
    expect(setCookie).toMatch(/HttpOnly/);
    expect(setCookie).toMatch(/SameSite=Strict/);
    expect(setCookie).not.toMatch(/Secure/); // plain http on 127.0.0.1
    const cookie = setCookie.split(';')[0];
    expect(await (await fetch(`${team.server.url}/api/me`, { headers: { cookie } })).json()).toMatchObject({ name: 'ada', role: 'member' });
    // The link works once.
    expect((await post('/auth/welcome', form('another password'))).status).toBe(410);
    // Another site's page cannot act with the cookie; the server's own page can.
    const evil = await fetch(`${team.server.url}/api/tokens`, { method: 'POST', body: '{}', headers: { cookie, origin: 'http://evil.example', 'content-type': 'application/json' } });
    expect(evil.status).toBe(403);
    const mine = await fetch(`${team.server.url}/api/tokens`, { method: 'POST', body: '{}', headers: { cookie, origin, 'content-type': 'application/json' } });
    expect(mine.status).toBe(201);
    // And the password signs in again later.
    const wrong = await post('/auth/login', new URLSearchParams({ name: 'ada', password: 'nope nope nope' }).toString());
    expect(wrong.status).toBe(401);
    const login = await post('/auth/login', new URLSearchParams({ name: 'ada', password: 'correct horse battery' }).toString());
    expect(login.status).toBe(303);
  }, 30_000);

  it('publishes a session file from the command line and prints its link', async () => {
    const created = await rpcscopeCli(['team', 'token', 'create', '--user', 'member', '--name', 'laptop', '--database', team.database]);
    expect(created.code, created.stderr).toBe(0);
    const token = created.stdout.trim().split('\n').pop()!;
    const file = join(dir, 'session.json');
    writeSessionFile(file, { entries: 300 });
    const run = await rpcscopeCli(['publish', file, '--to', team.server.url], { RPCSCOPE_TEAM_TOKEN: token });
    expect(run.code, run.stderr).toBe(0);
    expect(run.stderr).toMatch(/published 300 entries in [\d.]+ s/);
    const url = run.stdout.trim();
    expect(url).toMatch(new RegExp(`^${team.server.url}/t/[A-Za-z0-9_-]+$`));
    const id = url.split('/t/')[1];

    const exported = parseSessionFile(await (await team.api(`/api/sessions/${id}/export?format=session`, { as: 'viewer' })).text());
    if (!exported.ok) throw new Error(exported.error);
    expect(exported.value.events).toHaveLength(300);
    // The stdio target's env and command line went through the redaction pass like a file export.
    expect(exported.value.redactions).toBeDefined();
    const page = await team.api(`/t/${id}`, { as: 'viewer' });
    expect(page.status).toBe(200);
    const html = await page.text();
    expect(html).toContain('"format":"rpcscope-session"');
    // The team's page follows the session live (same origin only); plain exports stay offline.
    expect(html).toContain("connect-src 'self'");
    expect(html).toContain('EventSource');

    await expect(publishFile(team.server.url, 'rpcs_wrong', exported.value)).rejects.toThrow('the team server refused (401): this token is not known to this team server');
  }, 30_000);

  it('streams a live publication and its comments to a watcher, and resumes after a drop without repeats', async () => {
    const ev = (seq: number) => ({ seq, t: seq, time: seq, dir: 'out', kind: 'request', raw: `{"jsonrpc":"2.0","id":${seq},"method":"m"}`, findings: [] }) as unknown as TrafficEvent;
    const pub = new LivePublisher(team.server.url, team.tokens.member);
    const { id } = await pub.start({ format: 'rpcscope-session', version: 1, startedAt: new Date().toISOString(), target: { kind: 'http', url: 'http://127.0.0.1:9/' }, events: [ev(0), ev(1)] });

    const ctl = new AbortController();
    const res = await team.api(`/api/sessions/${id}/live?after=-1`, { as: 'viewer', signal: ctl.signal });
    const reader = res.body!.getReader();
    const seen: { seqs: number[]; comments: string[]; done: boolean } = { seqs: [], comments: [], done: false };
    let buf = '';
    const until = async (ok: () => boolean) => {
      while (!ok()) {
        const { value, done } = await reader.read();
        if (done) throw new Error('the live stream ended');
        buf += new TextDecoder().decode(value);
        let i;
        while ((i = buf.indexOf('\n\n')) >= 0) {
          const chunk = buf.slice(0, i);
          buf = buf.slice(i + 2);
          if (!chunk.startsWith('data: ')) continue;
          const msg = JSON.parse(chunk.slice(6));
          if (msg.type === 'events') seen.seqs.push(...msg.events.map((e: TrafficEvent) => e.seq));
          if (msg.type === 'comment') seen.comments.push(msg.comment.text);
          if (msg.type === 'done') seen.done = true;
        }
      }
    };
    await until(() => seen.seqs.length === 2);
    await pub.append([ev(2), ev(3)]);
    await until(() => seen.seqs.length === 4);
    await team.api(`/api/sessions/${id}/comments`, { method: 'POST', body: JSON.stringify({ seq: 2, text: 'this one' }), as: 'owner' });
    await until(() => seen.comments.length === 1);
    // A drop: the publisher lost track, asks the server, and sends 3..5 again — only 4 and 5 are new.
    expect(await pub.resume()).toBe(3);
    const r = await team.api(`/api/sessions/${id}/events`, { method: 'POST', body: JSON.stringify({ events: [ev(3), ev(4), ev(5)] }), as: 'member' });
    expect(await r.json()).toEqual({ added: 2, lastSeq: 5 });
    await pub.finish();
    await until(() => seen.done);
    ctl.abort();
    expect(seen.seqs).toEqual([0, 1, 2, 3, 4, 5]);
    expect(seen.comments).toEqual(['this one']);
    const file = parseSessionFile(await (await team.api(`/api/sessions/${id}/export?format=session`, { as: 'viewer' })).text());
    expect(file.ok && file.value.comments?.map((c) => [c.seq, c.author, c.text])).toEqual([[2, 'owner', 'this one']]);
  });
});
