/**
 * Passes over any text: credentials inside URLs (a password in the userinfo, secret-named query
 * parameters such as `token=`, `api_key=`, `X-Amz-Signature=`) and token-shaped strings.
 */
import type { HitFn } from './literals';
import { REDACTED, TOKEN_RULES, isSecretName } from './rules';

const MIN_TOKEN_TEXT = 15;
const USERINFO = /^([A-Za-z][A-Za-z0-9+.-]*:\/\/)([^/?#@\s]*)@/;
const URL_IN_TEXT = /\b[A-Za-z][A-Za-z0-9+.-]{1,15}:\/\/[^\s"'<>`\\]+/g;

function decodeName(name: string): string {
  try {
    return decodeURIComponent(name.replace(/\+/g, ' '));
  } catch {
    return name;
  }
}

/**
 * The URL with its credentials replaced. `found` receives each secret value (as written, and
 * decoded) so the caller can take it out of other text too.
 */
export function redactUrl(url: string, hit: HitFn, found?: (secret: string) => void): string {
  let out = url;
  const ui = USERINFO.exec(out);
  if (ui && ui[2] && ui[2] !== REDACTED) {
    const colon = ui[2].indexOf(':');
    // user:password keeps the user; a lone userinfo is usually a token (https://TOKEN@host).
    const secret = colon >= 0 ? ui[2].slice(colon + 1) : ui[2];
    if (secret && secret !== REDACTED) {
      found?.(secret);
      const kept = colon >= 0 ? `${ui[2].slice(0, colon)}:${REDACTED}` : REDACTED;
      out = ui[1] + kept + '@' + out.slice(ui[0].length);
      hit('url-credential', 'URL userinfo', 1);
    }
  }
  const q = out.indexOf('?');
  if (q < 0) return out;
  const hash = out.indexOf('#', q);
  const query = out.slice(q + 1, hash < 0 ? undefined : hash);
  let changed = false;
  const parts = query.split('&').map((pair) => {
    const eq = pair.indexOf('=');
    if (eq <= 0) return pair;
    const name = pair.slice(0, eq);
    const value = pair.slice(eq + 1);
    if (!value || value === REDACTED || !isSecretName(decodeName(name))) return pair;
    found?.(value);
    const decoded = decodeName(value);
    if (decoded !== value) found?.(decoded);
    hit('url-credential', `query ${decodeName(name).slice(0, 60)}`, 1);
    changed = true;
    return `${name}=${REDACTED}`;
  });
  if (!changed) return out;
  return out.slice(0, q + 1) + parts.join('&') + (hash < 0 ? '' : out.slice(hash));
}

/** Every URL found in free text, redacted in place. */
export function redactUrlsIn(text: string, hit: HitFn): string {
  if (!text.includes('://')) return text;
  return text.replace(URL_IN_TEXT, (u) => redactUrl(u, hit));
}

/** Token-shaped strings (JWTs, bearer credentials, sk- keys, long hex or base64 secrets …). */
export function redactTokens(text: string, hit: HitFn): string {
  // No rule matches fewer characters than this ("Bearer " + 8, "xoxb-" + 10).
  if (text.length < MIN_TOKEN_TEXT) return text;
  let out = text;
  for (const rule of TOKEN_RULES) {
    rule.pattern.lastIndex = 0;
    out = out.replace(rule.pattern, (...args: unknown[]) => {
      const match = args[0] as string;
      const secret = rule.group === 0 ? match : (args[rule.group] as string | undefined);
      if (!secret || secret === REDACTED || (rule.accept && !rule.accept(secret))) return match;
      hit('token-like', rule.name, 1);
      if (rule.group === 0) return REDACTED;
      const at = match.lastIndexOf(secret);
      return match.slice(0, at) + REDACTED + match.slice(at + secret.length);
    });
  }
  return out;
}
