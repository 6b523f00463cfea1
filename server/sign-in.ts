/**
 * How a browser page gets in without ever holding the token. The URL rpcscope prints carries a
 * one-time code (128 bits, single use, valid CODE_TTL_MS), not the token. The page trades the code
 * by a same-origin POST for a cookie that is httpOnly (page JS cannot read it), SameSite=Strict
 * (other sites' requests do not carry it) and Secure when the connection is TLS. The cookie's
 * value is derived from the token (an HMAC), so it survives reloads and stops working when the
 * server starts with a new token. What authenticates an API call or the bridge is then, in
 * server/security.ts: the cookie, or the token itself in a header for scripts, the CLI and tests.
 *
 * A page with no cookie and no usable code makes the server print a fresh sign-in URL in its own
 * terminal, unless the last printed one is still unused and fresh (so a loop of requests prints
 * nothing new), and the answer to "this link was already used" is always "look at the terminal".
 */
import { createHmac, randomBytes, createHash } from 'node:crypto';
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TLSSocket } from 'node:tls';
import { CODE_PARAM, CODE_SHAPE, type SignInRefusal, type SignInReply } from '../lib/api/sign-in';
import { HttpError, readJson, sendJson } from './api';
import { tokenMatches } from './security';

export const CODE_TTL_MS = 5 * 60_000;
/** Codes remembered at once (issued ones are few; this bounds memory if something asks in a loop). */
const MAX_CODES = 64;
const MAX_BODY = 1024;

interface IssuedCode {
  expires: number;
  used: boolean;
}

export interface SignInOptions {
  token: string;
  /** The server's own origin, `http://127.0.0.1:PORT` (no trailing slash). */
  origin: string;
  /** Where fresh sign-in links go: the terminal of the running process (stdout). */
  printLink: (url: string) => void;
  now?: () => number;
}

export class SignIn {
  /** Keyed by the code's hash, so a lookup's timing says nothing about other codes. */
  private readonly codes = new Map<string, IssuedCode>();
  /** The code of the link printed last; a new one is printed only once it is used or expired. */
  private lastPrinted: string | null = null;
  private readonly now: () => number;
  /** One cookie per port: cookies ignore ports, and two rpcscope starts must not overwrite each other's. */
  readonly cookieName: string;
  private readonly cookieValue: string;

  constructor(private readonly opts: SignInOptions) {
    this.now = opts.now ?? Date.now;
    this.cookieName = `rpcscope-${new URL(opts.origin).port || '80'}`;
    this.cookieValue = createHmac('sha256', opts.token).update('rpcscope page cookie v1').digest('base64url');
  }

  /** A fresh single-use sign-in URL (for a caller that holds the token: tests, scripts). */
  issueUrl(): string {
    return `${this.opts.origin}/?${CODE_PARAM}=${this.issueCode()}`;
  }

  /** The URL to print in the terminal at start; it counts as the latest printed link. */
  printedUrl(): string {
    const code = this.issueCode();
    this.lastPrinted = hash(code);
    return `${this.opts.origin}/?${CODE_PARAM}=${code}`;
  }

  private issueCode(): string {
    const code = randomBytes(16).toString('hex');
    this.prune();
    if (this.codes.size >= MAX_CODES) this.codes.delete(this.codes.keys().next().value as string);
    this.codes.set(hash(code), { expires: this.now() + CODE_TTL_MS, used: false });
    return code;
  }

  /** True when the request carries this start's page cookie. */
  cookieMatches(req: IncomingMessage): boolean {
    return tokenMatches(cookieFrom(req.headers.cookie, this.cookieName), this.cookieValue);
  }

  /** `GET`: is this page signed in? `POST {code}`: trade a code for the cookie. The gate ran before. */
  async handle(req: IncomingMessage, res: ServerResponse): Promise<void> {
    if (req.method === 'GET') {
      if (this.cookieMatches(req)) return reply(res, { signedIn: true });
      return this.refuse(res, 'none');
    }
    if (req.method !== 'POST') return sendJson(res, 405, { error: `method ${req.method} not allowed here` });
    let body: unknown;
    try {
      body = await readJson(req, MAX_BODY);
    } catch (err) {
      return sendJson(res, err instanceof HttpError ? err.status : 400, { error: (err as Error).message });
    }
    const code = typeof body === 'object' && body !== null ? (body as { code?: unknown }).code : undefined;
    if (typeof code !== 'string' || !CODE_SHAPE.test(code)) return sendJson(res, 400, { error: 'give {"code": "<the code from the printed URL>"}' });
    const outcome = this.redeem(code);
    if (outcome === 'ok') {
      res.setHeader('set-cookie', this.cookieHeader(req));
      return reply(res, { signedIn: true });
    }
    // A second tab opened from the same link in a browser that is already signed in just works.
    if (this.cookieMatches(req)) return reply(res, { signedIn: true });
    return this.refuse(res, outcome);
  }

  private redeem(code: string): 'ok' | Exclude<SignInRefusal, 'none'> {
    const issued = this.codes.get(hash(code));
    if (!issued) return 'unknown';
    if (issued.used) return 'used';
    if (issued.expires <= this.now()) return 'expired';
    issued.used = true;
    return 'ok';
  }

  private refuse(res: ServerResponse, reason: SignInRefusal): void {
    this.printFreshLink();
    const why: Record<SignInRefusal, string> = {
      used: 'This sign-in link was already used (each printed link works once).',
      expired: `This sign-in link expired (links work for ${CODE_TTL_MS / 60_000} minutes).`,
      unknown: 'This sign-in link is not from the running rpcscope (it was probably restarted).',
      none: 'This page is not signed in.',
    };
    const next = ' The terminal where rpcscope runs shows a fresh sign-in link: open that one, or keep using a tab that is already signed in.';
    // 200, not 401: "not signed in" is an answer the page shows, not a failed request (a 401
    // would also put an error in the browser console of every fresh tab).
    reply(res, { signedIn: false, reason, error: why[reason] + next });
  }

  /** Prints a new link unless the last printed one can still be used. */
  private printFreshLink(): void {
    const last = this.lastPrinted ? this.codes.get(this.lastPrinted) : undefined;
    if (last && !last.used && last.expires > this.now()) return;
    this.opts.printLink(this.printedUrl());
  }

  private cookieHeader(req: IncomingMessage): string {
    const secure = (req.socket as TLSSocket).encrypted === true ? '; Secure' : '';
    return `${this.cookieName}=${this.cookieValue}; Path=/; HttpOnly; SameSite=Strict${secure}`;
  }

  private prune(): void {
    const now = this.now();
    for (const [key, issued] of this.codes) if (issued.expires <= now) this.codes.delete(key);
  }
}

function reply(res: ServerResponse, value: SignInReply): void {
  sendJson(res, 200, value);
}

function hash(code: string): string {
  return createHash('sha256').update(code).digest('hex');
}

/** The value of one cookie in a `Cookie` header (bounded: a huge header is no cookie of ours). */
export function cookieFrom(header: string | undefined, name: string): string | undefined {
  if (!header || header.length > 16 * 1024) return undefined;
  for (const part of header.split(';')) {
    const eq = part.indexOf('=');
    if (eq > 0 && part.slice(0, eq).trim() === name) return part.slice(eq + 1).trim();
  }
  return undefined;
}
