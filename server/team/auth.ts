/**
 * Who is asking: a personal access token (`Authorization: Bearer`, stored as its SHA-256 — tokens
 * are 256 random bits, so a fast hash is enough) or the browser's sign-in cookie (httpOnly,
 * SameSite=Strict, Secure over HTTPS; its value is random and stored hashed). Passwords are
 * hashed with scrypt (memory-hard, built into Node). Every state change must also pass the
 * Origin check, so another site's page cannot act with a teammate's cookie.
 */
import { createHash, randomBytes, scrypt, timingSafeEqual } from 'node:crypto';
import type { IncomingMessage } from 'node:http';
import type { TLSSocket } from 'node:tls';
import type { Role } from '../../lib/team/roles';
import type { TeamStore, TeamUser } from './store/types';
import { HttpError } from './http';

export const COOKIE_NAME = 'rpcscope-team';
export const TOKEN_PREFIX = 'rpcs_';
const WEB_SESSION_DAYS = 30;
export const SIGN_IN_CODE_HOURS = 72;

export const sha256 = (s: string) => createHash('sha256').update(s).digest('hex');
export const randomSecret = () => randomBytes(32).toString('base64url');

// N = 2^15, r = 8: 32 MiB and ~0.1 s per hash — memory-hard, and cheap enough for a sign-in.
const SCRYPT = { N: 1 << 15, r: 8, p: 1, keylen: 32, maxmem: 64 * 1024 * 1024 };

function scryptAsync(password: string, salt: Buffer, opts: { N: number; r: number; p: number; keylen: number }): Promise<Buffer> {
  return new Promise((resolve, reject) =>
    scrypt(password, salt, opts.keylen, { N: opts.N, r: opts.r, p: opts.p, maxmem: SCRYPT.maxmem }, (err, key) => (err ? reject(err) : resolve(key))),
  );
}

export async function hashPassword(password: string): Promise<string> {
  const salt = randomBytes(16);
  const key = await scryptAsync(password, salt, SCRYPT);
  return `scrypt$${SCRYPT.N}$${SCRYPT.r}$${SCRYPT.p}$${salt.toString('base64')}$${key.toString('base64')}`;
}

export async function verifyPassword(password: string, stored: string): Promise<boolean> {
  const [alg, n, r, p, salt, key] = stored.split('$');
  if (alg !== 'scrypt' || !key) return false;
  const want = Buffer.from(key, 'base64');
  const got = await scryptAsync(password, Buffer.from(salt, 'base64'), { N: Number(n), r: Number(r), p: Number(p), keylen: want.length });
  return got.length === want.length && timingSafeEqual(got, want);
}

export interface Caller {
  user: TeamUser;
  via: 'token' | 'cookie';
}

export function cookieOf(req: IncomingMessage): string | undefined {
  for (const part of (req.headers.cookie ?? '').split(';')) {
    const [k, ...v] = part.trim().split('=');
    if (k === COOKIE_NAME) return v.join('=');
  }
  return undefined;
}

/** The caller, or undefined when the request carries neither; a bad or revoked token is refused in words. */
export async function identify(store: TeamStore, req: IncomingMessage): Promise<Caller | undefined> {
  const auth = req.headers.authorization;
  if (auth !== undefined) {
    const m = /^Bearer\s+(\S+)$/i.exec(auth);
    if (!m) throw new HttpError(401, 'the Authorization header must be "Bearer <token>"');
    const token = await store.tokenByHash(sha256(m[1]));
    if (!token) throw new HttpError(401, 'this token is not known to this team server (check RPCSCOPE_TEAM_TOKEN)');
    if (token.revokedAt) throw new HttpError(401, `this token ("${token.name}") was revoked at ${token.revokedAt}: create a new one`);
    const user = await store.user({ id: token.userId });
    if (!user) throw new HttpError(401, 'the person this token belongs to was removed');
    return { user, via: 'token' };
  }
  const cookie = cookieOf(req);
  if (cookie) {
    const userId = await store.webSessionUser(sha256(cookie), new Date().toISOString());
    const user = userId ? await store.user({ id: userId }) : undefined;
    if (user) return { user, via: 'cookie' };
  }
  return undefined;
}

export function isHttps(req: IncomingMessage, publicUrl: URL | undefined): boolean {
  return publicUrl?.protocol === 'https:' || (req.socket as TLSSocket).encrypted === true;
}

/** A new browser sign-in: the Set-Cookie value and the stored session. */
export async function startWebSession(store: TeamStore, userId: string, secure: boolean): Promise<string> {
  const value = randomSecret();
  const expires = new Date(Date.now() + WEB_SESSION_DAYS * 86_400_000);
  await store.addWebSession(sha256(value), userId, expires.toISOString());
  return `${COOKIE_NAME}=${value}; Path=/; HttpOnly; SameSite=Strict; Expires=${expires.toUTCString()}${secure ? '; Secure' : ''}`;
}

export const clearCookie = (secure: boolean) => `${COOKIE_NAME}=; Path=/; HttpOnly; SameSite=Strict; Max-Age=0${secure ? '; Secure' : ''}`;

/** The origin this server is reached at: the configured public URL, else what the Host header says. */
export function ownOrigin(req: IncomingMessage, publicUrl: URL | undefined): string {
  if (publicUrl) return publicUrl.origin;
  return `${isHttps(req, undefined) ? 'https:' : 'http:'}//${req.headers.host ?? ''}`;
}

/**
 * A state change must come from this server's own pages (Origin ours, Sec-Fetch-Site not another
 * site) — or from a script with a token, which sends no Origin. A cookie with no Origin is refused:
 * browsers always send one on a POST.
 */
export function checkStateChange(req: IncomingMessage, publicUrl: URL | undefined, via: Caller['via'] | 'none'): void {
  const origin = req.headers.origin;
  const site = req.headers['sec-fetch-site'];
  if (site === 'cross-site' || site === 'same-site') throw new HttpError(403, `Sec-Fetch-Site "${site}": changes must come from the team server's own pages`);
  if (origin === undefined) {
    if (via === 'token') return;
    throw new HttpError(403, 'a change without an Origin header: changes come from the team server\'s own pages or with a token');
  }
  // Pages sent with Referrer-Policy: no-referrer (ours, and the HTML export's) make the browser say
  // `Origin: null`; Sec-Fetch-Site, which no page can set, then says whether it was our own page.
  if (origin === 'null' && site === 'same-origin') return;
  if (origin !== ownOrigin(req, publicUrl)) throw new HttpError(403, `Origin "${origin.slice(0, 200)}" is not this team server`);
}

/** A one-time sign-in link for a person (to set their password): the code is stored hashed. */
export async function issueSignInLink(store: TeamStore, userId: string, baseUrl: string): Promise<string> {
  const code = randomSecret();
  const expires = new Date(Date.now() + SIGN_IN_CODE_HOURS * 3_600_000).toISOString();
  await store.addSignInCode(userId, sha256(code), expires);
  return `${baseUrl.replace(/\/+$/, '')}/welcome?code=${code}`;
}

/** A new personal access token: the secret is shown once, only its hash is kept. */
export async function createToken(store: TeamStore, userId: string, name: string): Promise<{ id: string; token: string }> {
  const token = TOKEN_PREFIX + randomSecret();
  const rec = await store.addToken(userId, name, sha256(token));
  return { id: rec.id, token };
}

export type { Role };
