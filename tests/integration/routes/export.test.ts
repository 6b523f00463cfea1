import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { existsSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { serializeSessionFile } from '@/lib/session/file-format';
import type { SessionFileV1, SessionSummary } from '@/lib/session/types';
import { SECRETS, httpSession, stdioSession } from '../../unit/redaction/seeded';
import { TOKEN, startTestServer, type TestServer } from '../helpers/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(async () => {
  await t?.stop();
});

const secretList = [...Object.values(SECRETS).map(String), SECRETS.arg + 'X'];

async function importFile(file: SessionFileV1 | string, name?: string) {
  const body = typeof file === 'string' ? file : serializeSessionFile(file);
  return t.api<{ session: SessionSummary; launchCommand?: string; error?: string }>('POST', `/api/import/session${name ? `?name=${encodeURIComponent(name)}` : ''}`, body);
}

describe('importing a session file', () => {
  it('opens it read-only with the imported flag, shows the launch command as text, and never spawns it', async () => {
    const marker = path.join(tmpdir(), `rpcscope-must-not-exist-${process.pid}-${Date.now()}`);
    const file: SessionFileV1 = { ...stdioSession(), target: { kind: 'stdio', command: '/usr/bin/touch', args: [marker, 'it was run'], framing: 'newline' } };
    const r = await importFile(file);
    expect(r.status).toBe(200);
    expect(r.json.session).toMatchObject({ imported: true, status: 'closed' });
    expect(r.json.launchCommand).toBe(`/usr/bin/touch ${marker} 'it was run'`);
    const send = await t.api<{ error: string }>('POST', `/api/sessions/${r.json.session.id}/send`, { text: '{}' });
    expect(send.status).toBe(409);
    await new Promise((res) => setTimeout(res, 100));
    expect(existsSync(marker)).toBe(false);
  });

  it('refuses forged, future-version, too deep and malformed files whole, with a clear message', async () => {
    const before = (await t.api<{ sessions: SessionSummary[] }>('GET', '/api/history')).json.sessions.length;
    const cases: [string, string][] = [
      [JSON.stringify({ ...httpSession(), version: 2 }), 'made by a newer rpcscope'],
      [JSON.stringify({ ...httpSession(), format: 'har' }), 'not an rpcscope session file'],
      [JSON.stringify({ ...httpSession(), events: [...httpSession().events, { ...httpSession().events[0] }] }), 'seq must increase'],
      ['['.repeat(100_000), 'nested too deeply'],
      ['{"format":', 'not valid JSON'],
    ];
    for (const [body, words] of cases) {
      const r = await importFile(body);
      expect(r.status, words).toBe(400);
      expect((r.json as { error: string }).error).toContain('nothing was imported');
      expect((r.json as { error: string }).error).toContain(words);
    }
    expect((await t.api<{ sessions: SessionSummary[] }>('GET', '/api/history')).json.sessions.length).toBe(before);
  });
});

describe('exporting a session', () => {
  it('round-trips: export, import, export gives the same entries, byte for byte in raw', async () => {
    const original = stdioSession();
    const first = await importFile(original);
    const exported = await t.raw({ path: `/api/sessions/${first.json.session.id}/export?format=session&redact=none`, headers: { 'x-rpcscope-token': TOKEN } });
    expect(exported.status).toBe(200);
    expect(exported.headers['content-disposition']).toMatch(/^attachment; filename="[A-Za-z0-9._-]+\.rpcscope-session\.json"$/);
    const file = JSON.parse(exported.text) as SessionFileV1;
    expect(file.events.map((e) => e.raw)).toEqual(original.events.map((e) => e.raw));
    expect(file.events.map((e) => e.rawBase64)).toEqual(original.events.map((e) => e.rawBase64));

    const second = await importFile(exported.text);
    const again = await t.raw({ path: `/api/sessions/${second.json.session.id}/export?redact=none`, headers: { 'x-rpcscope-token': TOKEN } });
    expect((JSON.parse(again.text) as SessionFileV1).events).toEqual(file.events);
  });

  it('leaves no seeded secret in the file (headers, params, env, raw frames, secret variables) and says how many it removed', async () => {
    await t.api('POST', '/api/environments', { name: 'prod', variables: [{ name: 'PASSWORD', value: SECRETS.variable, secret: true }, { name: 'BIN', value: SECRETS.binary, secret: true }] });
    for (const seeded of [httpSession(), stdioSession()]) {
      const { json } = await importFile(seeded);
      const id = json.session.id;
      const preview = await t.api<{ events: number; redaction: { total: number; counts: { kind: string; count: number }[] } }>('POST', `/api/sessions/${id}/export/preview`, {
        paths: ['params.pin'],
      });
      expect(preview.status).toBe(200);
      expect(preview.json.redaction.total).toBeGreaterThan(5);
      for (const format of ['session', 'html', 'ndjson'] as const) {
        const r = await t.raw({ path: `/api/sessions/${id}/export?format=${format}&path=params.pin`, headers: { 'x-rpcscope-token': TOKEN } });
        expect(r.status).toBe(200);
        expect(secretList.filter((s) => r.text.includes(s)), `${seeded.target.kind} ${format}`).toEqual([]);
        expect(Number(r.headers['x-rpcscope-redacted'])).toBe(preview.json.redaction.total);
      }
      const file = JSON.parse((await t.raw({ path: `/api/sessions/${id}/export`, headers: { 'x-rpcscope-token': TOKEN } })).text) as SessionFileV1;
      expect(file.redactions?.length).toBeGreaterThan(0);
    }
  });

  it('exports HAR for an HTTP session and refuses it for others', async () => {
    const http = await importFile(httpSession());
    const har = await t.raw({ path: `/api/sessions/${http.json.session.id}/export?format=har`, headers: { 'x-rpcscope-token': TOKEN } });
    expect(har.status).toBe(200);
    expect(JSON.parse(har.text).log.version).toBe('1.2');
    const stdio = await importFile(stdioSession());
    const refused = await t.api<{ error: string }>('GET', `/api/sessions/${stdio.json.session.id}/export?format=har`);
    expect(refused.status).toBe(400);
    expect(refused.json.error).toContain('HAR export is for HTTP sessions');
  });

  it('exports NDJSON: one event per line as the session file has it, named and typed for it, selectable by seq', async () => {
    const { json } = await importFile(stdioSession(), 'ndjson run');
    const id = json.session.id;
    const file = JSON.parse((await t.raw({ path: `/api/sessions/${id}/export?redact=none`, headers: { 'x-rpcscope-token': TOKEN } })).text) as SessionFileV1;
    const r = await t.raw({ path: `/api/sessions/${id}/export?format=ndjson&redact=none`, headers: { 'x-rpcscope-token': TOKEN } });
    expect(r.status).toBe(200);
    expect(r.headers['content-type']).toBe('application/x-ndjson; charset=utf-8');
    expect(r.headers['content-disposition']).toBe('attachment; filename="ndjson-run.rpcscope-events.ndjson"');
    expect(r.headers['x-rpcscope-redacted']).toBe('none');
    expect(r.text.slice(0, -1).split('\n')).toEqual(file.events.map((e) => JSON.stringify(e)));
    const some = await t.api('POST', `/api/sessions/${id}/export`, { format: 'ndjson', seqs: '2-3' });
    expect(some.text.trim().split('\n').map((l) => (JSON.parse(l) as { seq: number }).seq)).toEqual([2, 3]);
    expect(some.headers['x-rpcscope-redacted']).toMatch(/^\d+$/); // redacted by default, as every format
  });

  it('exports a selection of seqs, and refuses a bad format, kind or selection with the reason', async () => {
    const { json } = await importFile(stdioSession());
    const id = json.session.id;
    const r = await t.api('POST', `/api/sessions/${id}/export`, { format: 'session', seqs: [1, 3], redact: 'none' });
    expect((r.json as unknown as SessionFileV1).events.map((e) => e.seq)).toEqual([1, 3]);
    for (const [q, words] of [['format=pdf', 'format must be one of'], ['redact=cookies', 'unknown kind'], ['seqs=9-2', 'ends before it starts']]) {
      const bad = await t.api<{ error: string }>('GET', `/api/sessions/${id}/export?${q}`);
      expect(bad.status).toBe(400);
      expect(bad.json.error).toContain(words);
    }
    expect((await t.api('GET', '/api/sessions/nope/export')).status).toBe(404);
  });
});

describe('share links', () => {
  it('serve the read-only HTML view without the app token, redacted, and stop working once revoked', async () => {
    const { json } = await importFile(httpSession(), 'shared one');
    const id = json.session.id;
    const shared = await t.api<{ shareId: string; url: string }>('POST', `/api/sessions/${id}/share`);
    expect(shared.status).toBe(200);
    expect(shared.json.shareId).toMatch(/^[A-Za-z0-9_-]{40,}$/);
    expect(shared.json.url).toBe(`http://127.0.0.1:${t.server.port}/share/${shared.json.shareId}`);
    expect(shared.json.url).not.toContain(TOKEN);

    const page = await t.raw({ path: `/share/${shared.json.shareId}`, headers: { host: `127.0.0.1:${t.server.port}` } });
    expect(page.status).toBe(200);
    expect(page.headers['content-type']).toBe('text/html; charset=utf-8');
    expect(page.headers['content-security-policy']).toContain("default-src 'none'");
    expect(page.text).toContain('<script type="application/json" id="rpcscope-session">');
    // Default redaction: everything but the pin, which only a user-chosen path would take out.
    expect(secretList.filter((s) => page.text.includes(s))).toEqual([String(SECRETS.pathNumber)]);

    expect((await t.api<{ shareId: string }>('GET', `/api/sessions/${id}/share`)).json.shareId).toBe(shared.json.shareId);
    const wrong = await t.raw({ path: `/share/${shared.json.shareId.slice(0, -2)}xx` });
    expect(wrong.status).toBe(404);
    expect(wrong.text).not.toContain('<script');
    const badHost = await t.raw({ path: `/share/${shared.json.shareId}`, headers: { host: `attacker.example:${t.server.port}` } });
    expect(badHost.status).toBe(403);
    const post = await t.raw({ method: 'POST', path: `/share/${shared.json.shareId}`, headers: { origin: `http://127.0.0.1:${t.server.port}` } });
    expect(post.status).toBe(405);

    expect((await t.api('DELETE', `/api/sessions/${id}/share`)).status).toBe(200);
    expect((await t.raw({ path: `/share/${shared.json.shareId}` })).status).toBe(404);
  });

  it('cannot be created or read without the app token', async () => {
    const { json } = await importFile(httpSession());
    const r = await t.raw({ method: 'POST', path: `/api/sessions/${json.session.id}/share`, headers: { origin: `http://127.0.0.1:${t.server.port}` } });
    expect(r.status).toBe(401);
  });
});
