import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import { existsSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '@/server/main';
import { loadConfig } from '@/server/config';

const TOKEN = 'a'.repeat(20) + 'b'.repeat(20);
let server: RunningServer;
let dir: string;

interface Reply { status: number; body: string }

function request(opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

function upgrade(headers: Record<string, string>, query = `?token=${TOKEN}`): Promise<{ opened: boolean; status?: number }> {
  return new Promise((resolve) => {
    const ws = new WebSocket(`ws://127.0.0.1:${server.port}/bridge${query}`, { headers });
    ws.on('open', () => {
      ws.close();
      resolve({ opened: true });
    });
    ws.on('unexpected-response', (_req, res) => resolve({ opened: false, status: res.statusCode }));
    ws.on('error', () => resolve({ opened: false }));
  });
}

/** A stdio target whose only effect is to create a file: if the file appears, something was spawned. */
function spawnProbe(marker: string): string {
  return JSON.stringify({
    target: { kind: 'stdio', command: process.execPath, args: ['-e', `require('fs').writeFileSync(${JSON.stringify(marker)}, 'spawned'); process.stdin.resume()`], framing: 'newline' },
  });
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-sec-'));
  const config = loadConfig(['--port', '0'], { RPCSCOPE_TOKEN: TOKEN, RPCSCOPE_DATA_DIR: dir });
  server = await startServer(config, { pages: false });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('the server refuses callers it cannot trust', () => {
  const origin = () => `http://127.0.0.1:${server.port}`;
  const host = () => `127.0.0.1:${server.port}`;

  it('listens on 127.0.0.1 and refuses to bind all interfaces without the DANGEROUSLY opt-out', () => {
    expect(server.url).toMatch(/^http:\/\/127\.0\.0\.1:\d+\/\?code=/);
    expect(() => loadConfig(['--host', '0.0.0.0'], {})).toThrow(/DANGEROUSLY/);
  });

  it('answers an API call that carries the token, Host and Origin', async () => {
    const r = await request({ path: '/api/sessions', headers: { 'x-rpcscope-token': TOKEN, host: host() } });
    expect(r.status).toBe(200);
    expect(JSON.parse(r.body)).toHaveProperty('sessions');
  });

  it('refuses API calls without the token or with a wrong one', async () => {
    expect((await request({ path: '/api/sessions' })).status).toBe(401);
    expect((await request({ path: '/api/sessions', headers: { 'x-rpcscope-token': TOKEN.slice(1) + 'c' } })).status).toBe(401);
  });

  it('refuses a foreign Host header (DNS rebinding) even with the token', async () => {
    const r = await request({ path: '/api/sessions', headers: { 'x-rpcscope-token': TOKEN, host: `evil.example:${server.port}` } });
    expect(r.status).toBe(403);
    expect(JSON.parse(r.body).error).toMatch(/Host/);
  });

  it.each([
    ['no token', (m: string) => ({ headers: { origin: origin(), host: host(), 'content-type': 'application/json' }, body: spawnProbe(m) })],
    ['a foreign Origin', (m: string) => ({ headers: { 'x-rpcscope-token': TOKEN, origin: 'http://evil.example', host: host() }, body: spawnProbe(m) })],
    ['no Origin', (m: string) => ({ headers: { 'x-rpcscope-token': TOKEN, host: host() }, body: spawnProbe(m) })],
    ['a foreign Host', (m: string) => ({ headers: { 'x-rpcscope-token': TOKEN, origin: origin(), host: 'rebind.example' }, body: spawnProbe(m) })],
  ])('refuses to spawn a process for a call with %s', async (_name, build) => {
    const marker = path.join(dir, `spawned-${Math.random().toString(36).slice(2)}`);
    const r = await request({ method: 'POST', path: '/api/sessions', ...build(marker) });
    expect([401, 403]).toContain(r.status);
    await new Promise((res) => setTimeout(res, 300));
    expect(existsSync(marker)).toBe(false);
  });

  it('spawns when the call is trusted (so the refusals above are meaningful)', async () => {
    const marker = path.join(dir, 'spawned-trusted');
    const r = await request({ method: 'POST', path: '/api/sessions', headers: { 'x-rpcscope-token': TOKEN, origin: origin(), host: host() }, body: spawnProbe(marker) });
    expect(r.status).toBe(200);
    for (let i = 0; i < 50 && !existsSync(marker); i++) await new Promise((res) => setTimeout(res, 50));
    expect(existsSync(marker)).toBe(true);
  });

  it('refuses bridge upgrades without the token, with a foreign Origin or a foreign Host', async () => {
    expect(await upgrade({ origin: origin() }, '')).toEqual({ opened: false, status: 401 });
    expect(await upgrade({ origin: 'http://evil.example' })).toEqual({ opened: false, status: 403 });
    expect(await upgrade({ origin: origin(), host: 'evil.example' })).toEqual({ opened: false, status: 403 });
    expect(await upgrade({ origin: origin() })).toEqual({ opened: true });
  });

  it('changes nothing on GET: a GET to a state-changing route is not allowed', async () => {
    const r = await request({ path: '/api/sessions/x/close', headers: { 'x-rpcscope-token': TOKEN, host: host() } });
    expect(r.status).toBe(405);
  });
});
