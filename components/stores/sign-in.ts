/**
 * The page signs itself in once per load. The URL rpcscope printed carries a one-time code
 * (`?code=…`, lib/api/sign-in.ts): it leaves the address bar before anything else happens, and is
 * traded by a same-origin POST for an httpOnly cookie this script never sees. Without a code, the
 * page asks whether its cookie still holds (a reload, a new tab of a signed-in browser).
 */
import { CODE_PARAM, CODE_SHAPE, SIGN_IN_PATH, type SignInReply } from '@/lib/api/sign-in';

/** Query parameters that must never stay in history: the code, and a token from an older start's URL. */
const SECRET_PARAMS = [CODE_PARAM, 'token'];
/** The sessionStorage key where older versions kept the token; removed on sight. */
const LEGACY_TOKEN_KEY = 'rpcscope.token';

/** Removes the code from the address bar (and history entry) and returns it. */
function takeCode(): string | null {
  const url = new URL(window.location.href);
  const code = url.searchParams.get(CODE_PARAM);
  if (SECRET_PARAMS.some((p) => url.searchParams.has(p))) {
    for (const p of SECRET_PARAMS) url.searchParams.delete(p);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
  }
  try {
    window.sessionStorage.removeItem(LEGACY_TOKEN_KEY);
  } catch {
    // Storage can be disabled; then nothing was kept there either.
  }
  return code;
}

let once: Promise<SignInReply> | null = null;

/** Signs in once per page load (an effect that runs twice must not lose the code it took). */
export function signIn(): Promise<SignInReply> {
  return (once ??= trade());
}

async function trade(): Promise<SignInReply> {
  const code = takeCode();
  let res: Response;
  try {
    res = code !== null && CODE_SHAPE.test(code)
      ? await fetch(SIGN_IN_PATH, { method: 'POST', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ code }), credentials: 'same-origin', cache: 'no-store' })
      : await fetch(SIGN_IN_PATH, { credentials: 'same-origin', cache: 'no-store' });
  } catch {
    return { signedIn: false, reason: 'none', error: 'Cannot reach the rpcscope server. Is it still running?' };
  }
  try {
    const reply = (await res.json()) as SignInReply;
    if (typeof reply?.signedIn === 'boolean') return reply;
  } catch {
    // fall through to the words below
  }
  return { signedIn: false, reason: 'none', error: `The server answered HTTP ${res.status} to the sign-in.` };
}
