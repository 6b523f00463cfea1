/**
 * The team server's own pages, rendered on the server as plain HTML forms (no script, strict CSP):
 * sign in with name and password, set a password from a one-time link, the list of published
 * sessions. Every name shown passes through esc(). A published session's page (`/t/<id>`) is the
 * HTML export's viewer fed with that session (server/team/watch-page.ts).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import { PasswordSchema, publishedPath } from '../../lib/team/api';
import { UserNameSchema } from '../../lib/team/api';
import { checkStateChange, clearCookie, cookieOf, hashPassword, isHttps, sha256, startWebSession, verifyPassword, type Caller } from './auth';
import { HttpError, esc, readBody, redirect } from './http';
import type { TeamContext } from './context';

const PAGE_CSP = "default-src 'none'; style-src 'unsafe-inline'; form-action 'self'; frame-ancestors 'none'";
const STYLE = `body{font:14px/1.5 system-ui,sans-serif;margin:0;background:#0f1115;color:#e6e6e6}main{max-width:760px;margin:40px auto;padding:0 16px}
a{color:#7cb7ff}input{font:inherit;padding:6px 8px;margin:4px 0 12px;width:100%;box-sizing:border-box;background:#1a1d24;color:inherit;border:1px solid #333;border-radius:4px}
button{font:inherit;padding:6px 14px;background:#2d6cdf;color:#fff;border:0;border-radius:4px;cursor:pointer}.err{color:#ff8a8a}table{border-collapse:collapse;width:100%}
td,th{text-align:left;padding:6px 8px;border-bottom:1px solid #262a33}.muted{color:#999}.live{color:#6fdc8c}`;

export function page(res: ServerResponse, status: number, title: string, body: string, headers: Record<string, string | string[]> = {}): void {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${esc(title)} — rpcscope team</title><style>${STYLE}</style></head><body><main>${body}</main></body></html>`;
  res.writeHead(status, {
    'content-type': 'text/html; charset=utf-8',
    'content-security-policy': PAGE_CSP,
    'x-content-type-options': 'nosniff',
    'cache-control': 'no-store',
    'referrer-policy': 'no-referrer',
    ...headers,
  });
  res.end(html);
}

const FORM_LIMIT = 8 * 1024;

async function readForm(req: IncomingMessage): Promise<URLSearchParams> {
  return new URLSearchParams(await readBody(req, FORM_LIMIT));
}

function loginForm(res: ServerResponse, error?: string, status = 200): void {
  page(res, status, 'Sign in', `<h1>rpcscope team</h1>${error ? `<p class="err">${esc(error)}</p>` : ''}
<form method="post" action="/auth/login"><label>Name<input name="name" autocomplete="username" required></label>
<label>Password<input name="password" type="password" autocomplete="current-password" required></label><button>Sign in</button></form>`);
}

function welcomeForm(res: ServerResponse, code: string, error?: string, status = 200): void {
  page(res, status, 'Welcome', `<h1>Welcome to the rpcscope team</h1><p>Choose a password (at least 10 characters). This link works once.</p>
${error ? `<p class="err">${esc(error)}</p>` : ''}<form method="post" action="/auth/welcome"><input type="hidden" name="code" value="${esc(code)}">
<label>Password<input name="password" type="password" autocomplete="new-password" minlength="10" required></label><button>Set password and sign in</button></form>`);
}

/** Pages and sign-in forms; answers true when it handled the request. */
export async function handlePage(ctx: TeamContext, req: IncomingMessage, res: ServerResponse, url: URL, caller: Caller | undefined): Promise<boolean> {
  const secure = isHttps(req, ctx.settings.publicUrl);
  const { pathname } = url;
  if (req.method === 'GET' && pathname === '/login') return loginForm(res), true;
  if (req.method === 'GET' && pathname === '/welcome') return welcomeForm(res, url.searchParams.get('code') ?? ''), true;

  if (req.method === 'POST' && pathname === '/auth/login') {
    checkStateChange(req, ctx.settings.publicUrl, 'none');
    const form = await readForm(req);
    const name = UserNameSchema.safeParse(form.get('name') ?? '');
    const user = name.success ? await ctx.store.user({ name: name.data }) : undefined;
    const hash = user ? await ctx.store.passwordHash(user.id) : undefined;
    // The same answer whether the name or the password was wrong.
    if (!user || !hash || !(await verifyPassword(form.get('password') ?? '', hash))) return loginForm(res, 'Wrong name or password.', 401), true;
    return redirect(res, '/', { 'set-cookie': await startWebSession(ctx.store, user.id, secure) }), true;
  }
  if (req.method === 'POST' && pathname === '/auth/welcome') {
    checkStateChange(req, ctx.settings.publicUrl, 'none');
    const form = await readForm(req);
    const code = form.get('code') ?? '';
    const password = PasswordSchema.safeParse(form.get('password') ?? '');
    if (!password.success) return welcomeForm(res, code, password.error.issues[0]?.message, 400), true;
    const userId = await ctx.store.takeSignInCode(sha256(code), new Date().toISOString());
    if (!userId) return loginForm(res, 'This sign-in link was already used or has expired: ask an owner for a new one (rpcscope team user link NAME).', 410), true;
    await ctx.store.setPassword(userId, await hashPassword(password.data));
    return redirect(res, '/', { 'set-cookie': await startWebSession(ctx.store, userId, secure) }), true;
  }
  if (req.method === 'POST' && pathname === '/auth/logout') {
    checkStateChange(req, ctx.settings.publicUrl, 'cookie');
    const c = cookieOf(req);
    if (c) await ctx.store.endWebSession(sha256(c));
    return redirect(res, '/login', { 'set-cookie': clearCookie(secure) }), true;
  }
  if (req.method === 'GET' && pathname === '/') {
    if (!caller) return redirect(res, '/login'), true;
    const rows = (await ctx.store.sessions())
      .map((s) => `<tr><td><a href="${esc(publishedPath(s.id))}">${esc(s.name)}</a>${s.live ? ' <span class="live">● live</span>' : ''}</td><td>${s.eventCount}</td><td>${esc(s.publishedBy)}</td><td class="muted">${esc(s.publishedAt)}</td></tr>`)
      .join('');
    page(res, 200, 'Sessions', `<p class="muted">Signed in as ${esc(caller.user.name)} (${caller.user.role}) · <form method="post" action="/auth/logout" style="display:inline"><button>Sign out</button></form></p>
<h1>Published sessions</h1>${rows ? `<table><tr><th>Session</th><th>Entries</th><th>By</th><th>Published</th></tr>${rows}</table>` : '<p class="muted">Nothing published yet: <code>rpcscope publish FILE --to THIS_URL</code>.</p>'}`);
    return true;
  }
  return false;
}

export { HttpError };
