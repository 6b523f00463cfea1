/**
 * The access token the server printed with its URL. It arrives once as `?token=…`, moves to
 * sessionStorage (this tab only), and leaves the address bar so it is not bookmarked or shared.
 */
import { TOKEN_PARAM } from '@/lib/session/bridge';

const STORAGE_KEY = 'rpcscope.token';
/** Tokens are hex (≥ 128 bits); refuse anything else rather than send it around. */
const TOKEN_SHAPE = /^[A-Za-z0-9_-]{16,512}$/;

export function takeToken(): string | null {
  if (typeof window === 'undefined') return null;
  const url = new URL(window.location.href);
  const fromUrl = url.searchParams.get(TOKEN_PARAM);
  if (fromUrl !== null) {
    url.searchParams.delete(TOKEN_PARAM);
    window.history.replaceState(window.history.state, '', url.pathname + url.search + url.hash);
    if (TOKEN_SHAPE.test(fromUrl)) {
      try {
        window.sessionStorage.setItem(STORAGE_KEY, fromUrl);
      } catch {
        // Storage can be disabled; the token still works until the tab reloads.
      }
      return fromUrl;
    }
  }
  try {
    const stored = window.sessionStorage.getItem(STORAGE_KEY);
    return stored && TOKEN_SHAPE.test(stored) ? stored : null;
  } catch {
    return null;
  }
}
