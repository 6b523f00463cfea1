/**
 * The page's sign-in over real HTTP: the printed URL carries a one-time code, never the token; the
 * code buys an httpOnly SameSite=Strict cookie once; the cookie opens the API and the bridge; and the
 * gate refuses duplicate Host headers, other sites' state changes and credential subprotocols.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import net from 'node:net';
import { mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import WebSocket from 'ws';
import { startServer, type RunningServer } from '@/server/main';
import { loadConfig } from '@/server/config';
import { SignIn, CODE_TTL_MS } from '@/server/sign-in';
import { CODE_PARAM, SIGN_IN_PATH } from '@/lib/api/sign-in';

const TOKEN = 'signin-test-token-0123456789abcdef0123456789';
let server: RunningServer;
let dir: string;
const printed: string[] = [];

interface Reply { status: number; headers: http.IncomingHttpHeaders; body: string }

function request(opts: { method?: string; path: string; headers?: Record<string, string>; body?: string }): Promise<Reply> {
  return new Promise((resolve, reject) => {
    const req = http.request({ host: '127.0.0.1', port: server.port, method: opts.method ?? 'GET', path: opts.path, headers: opts.headers }, (res) => {
      let body = '';
      res.setEncoding('utf8');
      res.on('data', (c) => (body += c));
      res.on('end', () => resolve({ status: res.statusCode ?? 0, headers: res.headers, body }));
    });
    req.on('error', reject);
    req.end(opts.body);
  });
}

/** Writes `text` on a raw socket and returns everything the server sent back before closing or 2 s. */
function rawExchange(text: string): Promise<string> {
  return new Promise((resolve, reject) => {
    const socket = net.connect(server.port, '127.0.0.1', () => socket.write(text));
    let got = '';
    const done = () => {
      socket.destroy();
      resolve(got);
    };
    const timer = setTimeout(done, 2000);
    socket.setEncoding('utf8');
    socket.on('data', (d: string) => {
      got += d;
      // An upgrade stays open: its head is all we need.
      if (got.includes('\r\n\r\n') && got.startsWith('HTTP/1.1 101')) {
        clearTimeout(timer);
        done();
      }
    });
    socket.on('end', () => {
      clearTimeout(timer);
      done();
    });
    socket.on('error', reject);
  });
}

const origin = () => `http://127.0.0.1:${server.port}`;
const pageHeaders = (extra: Record<string, string> = {}) => ({ origin: origin(), 'content-type': 'application/json', 'sec-fetch-site': 'same-origin', ...extra });
const codeOf = (url: string) => new URL(url).searchParams.get(CODE_PARAM)!;

async function trade(code: string, cookie?: string): Promise<Reply> {
  return request({ method: 'POST', path: SIGN_IN_PATH, headers: pageHeaders(cookie ? { cookie } : {}), body: JSON.stringify({ code }) });
}

function cookieOf(reply: Reply): string {
  const set = reply.headers['set-cookie'];
  expect(set, 'a Set-Cookie header').toBeDefined();
  return set![0].split(';')[0];
}

beforeAll(async () => {
  dir = mkdtempSync(path.join(tmpdir(), 'rpcscope-signin-'));
  server = await startServer(loadConfig(['--port', '0'], { RPCSCOPE_TOKEN: TOKEN, RPCSCOPE_DATA_DIR: dir }), { pages: false, printLink: (u) => printed.push(u) });
});

afterAll(async () => {
  await server?.stop();
  rmSync(dir, { recursive: true, force: true });
});

describe('signing a page in', () => {
  it('prints a URL with a one-time code, never the token', () => {
    expect(server.url).toMatch(new RegExp(`^http://127\\.0\\.0\\.1:${server.port}/\\?code=[0-9a-f]{32}$`));
    expect(server.url).not.toContain(TOKEN);
  });

  it('trades the code once for an httpOnly, SameSite=Strict cookie that opens the API', async () => {
    const first = await trade(codeOf(server.signInUrl()));
    expect([first.status, JSON.parse(first.body)]).toEqual([200, { signedIn: true }]);
    const set = first.headers['set-cookie']![0];
    expect(set).toMatch(new RegExp(`^rpcscope-${server.port}=`));
    expect(set).toMatch(/; HttpOnly/);
    expect(set).toMatch(/; SameSite=Strict/);
    expect(set).toMatch(/; Path=\//);
    expect(set).not.toContain(TOKEN);
    const cookie = cookieOf(first);

    const listed = await request({ path: '/api/sessions', headers: { cookie } });
    expect(listed.status).toBe(200);
    const probe = await request({ path: SIGN_IN_PATH, headers: { cookie } });
    expect(JSON.parse(probe.body)).toEqual({ signedIn: true });
  });

  it('refuses a code the second time, says why, and prints a fresh link in the terminal', async () => {
    // The link printed at start: once it is used, a refused page gets a new one printed.
    const code = codeOf(server.url);
    expect((await trade(code)).status).toBe(200);
    const before = printed.length;
    const again = await trade(code);
    expect(again.status).toBe(200);
    expect(again.headers['set-cookie']).toBeUndefined();
    const body = JSON.parse(again.body) as { signedIn: boolean; reason: string; error: string };
    expect(body.signedIn).toBe(false);
    expect(body.reason).toBe('used');
    expect(body.error).toMatch(/already used.*terminal/);
    expect(printed.length).toBe(before + 1);
    // The fresh link works (once), and asking again while it is unused prints nothing new.
    await request({ path: SIGN_IN_PATH });
    expect(printed.length).toBe(before + 1);
    expect((await trade(codeOf(printed.at(-1)!))).status).toBe(200);
  });

  it('lets a second tab that opened the same used link in for a browser that is already signed in', async () => {
    const code = codeOf(server.signInUrl());
    const cookie = cookieOf(await trade(code));
    const secondTab = await trade(code, cookie);
    expect([secondTab.status, JSON.parse(secondTab.body)]).toEqual([200, { signedIn: true }]);
  });

  it('refuses codes it never issued and cookies of another token', async () => {
    const unknown = await trade('0'.repeat(32));
    expect(JSON.parse(unknown.body)).toMatchObject({ signedIn: false, reason: 'unknown' });
    expect((await trade('not a code')).status).toBe(400);
    const forged = await request({ path: '/api/sessions', headers: { cookie: `rpcscope-${server.port}=${'A'.repeat(43)}` } });
    expect(forged.status).toBe(401);
    const probe = await request({ path: SIGN_IN_PATH });
    expect(JSON.parse(probe.body)).toMatchObject({ signedIn: false, reason: 'none' });
  });

  it('keeps the token header working for scripts', async () => {
    expect((await request({ path: '/api/sessions', headers: { 'x-rpcscope-token': TOKEN } })).status).toBe(200);
    const link = await request({ method: 'POST', path: '/api/sign-in-link', headers: { 'x-rpcscope-token': TOKEN, origin: origin() } });
    expect(JSON.parse(link.body).url).toMatch(/\?code=[0-9a-f]{32}$/);
  });

  it('opens the bridge with the cookie alone', async () => {
    const cookie = cookieOf(await trade(codeOf(server.signInUrl())));
    const opened = await new Promise<boolean>((resolve) => {
      const ws = new WebSocket(`ws://127.0.0.1:${server.port}/bridge`, { headers: { origin: origin(), cookie } });
      ws.on('message', () => {
        ws.close();
        resolve(true);
      });
      ws.on('error', () => resolve(false));
      ws.on('unexpected-response', () => resolve(false));
    });
    expect(opened).toBe(true);
  });
});

describe('the gate in front of the cookie', () => {
  it('refuses a request with two Host headers', async () => {
    const reply = await rawExchange(
      `GET /api/sessions HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nHost: evil.example\r\nx-rpcscope-token: ${TOKEN}\r\nConnection: close\r\n\r\n`,
    );
    expect(reply).toMatch(/^HTTP\/1\.1 400 /);
    expect(reply).not.toContain('"sessions"');
  });

  it.each(['cross-site', 'same-site'])('refuses state changes and the bridge upgrade with Sec-Fetch-Site: %s', async (site) => {
    const cookie = cookieOf(await trade(codeOf(server.signInUrl())));
    const post = await request({ method: 'POST', path: '/api/sessions', headers: pageHeaders({ cookie, 'sec-fetch-site': site }), body: '{}' });
    expect(post.status).toBe(403);
    expect(JSON.parse(post.body).error).toMatch(/Sec-Fetch-Site/);
    const signInPost = await request({ method: 'POST', path: SIGN_IN_PATH, headers: pageHeaders({ 'sec-fetch-site': site }), body: JSON.stringify({ code: codeOf(server.signInUrl()) }) });
    expect(signInPost.status).toBe(403);
    const upgrade = await rawExchange(
      `GET /bridge HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${origin()}\r\nCookie: ${cookie}\r\nSec-Fetch-Site: ${site}\r\n` +
        'Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\n\r\n',
    );
    expect(upgrade).toMatch(/^HTTP\/1\.1 403 /);
  });

  it('never echoes a subprotocol, so a credential offered there is not reflected', async () => {
    const head = await rawExchange(
      `GET /bridge HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${origin()}\r\nx-rpcscope-token: ${TOKEN}\r\n` +
        `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: rpcscope.token.${TOKEN}\r\n\r\n`,
    );
    expect(head).toMatch(/^HTTP\/1\.1 101 /);
    expect(head.toLowerCase()).not.toContain('sec-websocket-protocol');
    expect(head).not.toContain(TOKEN);
    // And the subprotocol is not a way in: offered alone it authenticates nothing.
    const alone = await rawExchange(
      `GET /bridge HTTP/1.1\r\nHost: 127.0.0.1:${server.port}\r\nOrigin: ${origin()}\r\n` +
        `Upgrade: websocket\r\nConnection: Upgrade\r\nSec-WebSocket-Version: 13\r\nSec-WebSocket-Key: dGhlIHNhbXBsZSBub25jZQ==\r\nSec-WebSocket-Protocol: rpcscope.token.${TOKEN}\r\n\r\n`,
    );
    expect(alone).toMatch(/^HTTP\/1\.1 401 /);
  });
});

describe('a code that is too old', () => {
  it(`is refused after ${CODE_TTL_MS / 60_000} minutes with its own words`, async () => {
    let now = 1_000_000;
    const lines: string[] = [];
    const signIn = new SignIn({ token: TOKEN, origin: 'http://127.0.0.1:1', printLink: (u) => lines.push(u), now: () => now });
    const code = codeOf(signIn.printedUrl());
    const local = http.createServer((req, res) => void signIn.handle(req, res));
    await new Promise<void>((r) => local.listen(0, '127.0.0.1', () => r()));
    const port = (local.address() as net.AddressInfo).port;
    try {
      now += CODE_TTL_MS;
      const reply = await new Promise<{ status: number; body: string }>((resolve, reject) => {
        const req = http.request({ host: '127.0.0.1', port, method: 'POST', path: SIGN_IN_PATH, headers: { 'content-type': 'application/json' } }, (res) => {
          let body = '';
          res.on('data', (c) => (body += c));
          res.on('end', () => resolve({ status: res.statusCode ?? 0, body }));
        });
        req.on('error', reject);
        req.end(JSON.stringify({ code }));
      });
      expect(JSON.parse(reply.body)).toMatchObject({ signedIn: false, reason: 'expired' });
      // The expired printed link is replaced by a fresh one in the terminal.
      expect(lines).toHaveLength(1);
    } finally {
      await new Promise<void>((r) => local.close(() => r()));
    }
  });
});
