/**
 * What counts as a secret: credential header names, secret-looking URL parameters and command
 * flags, and token-shaped strings. Each token rule has a name the preview shows, so a user can see
 * why a string was taken out.
 */

export const REDACTION_KINDS = [
  'credential-header',
  'mcp-session-id',
  'secret-variable',
  'process-env',
  'credential-arg',
  'url-credential',
  'json-path',
  'token-like',
  'account-secret',
] as const;
export type RedactionKind = (typeof REDACTION_KINDS)[number];

/** What replaces a secret, everywhere. Plain ASCII without quotes, so JSON around it stays valid. */
export const REDACTED = '[redacted]';

/** Not a redaction: recorded in the file so a reader knows Content-Length values were rewritten. */
export const CONTENT_LENGTH_KIND = 'content-length-rewritten';

const CREDENTIAL_HEADERS = new Set([
  'authorization',
  'proxy-authorization',
  'cookie',
  'set-cookie',
  'x-api-key',
  'api-key',
  'apikey',
  'x-auth',
  'x-access-token',
  'x-csrf-token',
  'x-xsrf-token',
  'x-amz-security-token',
  'x-goog-api-key',
  'private-token',
  'www-authenticate-token',
]);
const CREDENTIAL_SUFFIX = /[-_](?:key|token|secret|password|passwd|signature|credential|credentials|auth)$/i;

export const MCP_SESSION_HEADER = 'mcp-session-id';

export function isCredentialHeader(name: string, extra: ReadonlySet<string> = new Set()): boolean {
  const n = name.toLowerCase();
  return CREDENTIAL_HEADERS.has(n) || CREDENTIAL_SUFFIX.test(n) || extra.has(n);
}

export const isMcpSessionHeader = (name: string): boolean => name.toLowerCase() === MCP_SESSION_HEADER;

/** Query parameter and flag names whose value is a credential. */
const SECRET_NAME = /^(?:.*[-_.])?(?:api[-_]?key|apikey|key|token|access[-_]?token|refresh[-_]?token|id[-_]?token|auth|secret|client[-_]?secret|password|passwd|pwd|sig|signature|session|sessionid|code|credential|credentials)$/i;

export const isSecretName = (name: string): boolean => SECRET_NAME.test(name);

/**
 * JSON member names whose string value is a credential wherever they appear (`"password"`,
 * `"apiKey"`, `"access_token"` …). Narrower than isSecretName: `code`, `key` and `session` are
 * ordinary members in JSON-RPC payloads.
 */
const SECRET_MEMBER =
  /^(?:password|passwd|secret|client[-_]?secret|api[-_]?key|api[-_]?token|access[-_]?token|refresh[-_]?token|id[-_]?token|auth[-_]?token|session[-_]?token|private[-_]?key|passphrase|token|bearer|credentials?)$/i;

export const isSecretMember = (name: string): boolean => SECRET_MEMBER.test(name);

/** Cheap test of a JSON text: could it hold a secret-named member at all? (Skips the span walk when not.) */
export const MAY_HOLD_SECRET_MEMBER =
  /"(?:password|passwd|secret|client[-_]?secret|api[-_]?key|api[-_]?token|access[-_]?token|refresh[-_]?token|id[-_]?token|auth[-_]?token|session[-_]?token|private[-_]?key|passphrase|token|bearer|credentials?)"/i;

/** The secret part of an Authorization-style value (`Bearer abc` → `abc`), besides the whole value. */
export function credentialParts(headerName: string, value: string): string[] {
  const n = headerName.toLowerCase();
  const parts = [value];
  const scheme = /^\s*[A-Za-z][A-Za-z0-9_-]*\s+(\S.*)$/.exec(value);
  if ((n === 'authorization' || n === 'proxy-authorization') && scheme) parts.push(scheme[1].trim());
  if (n === 'cookie') {
    for (const pair of value.split(';')) {
      const eq = pair.indexOf('=');
      if (eq > 0) parts.push(pair.slice(eq + 1).trim());
    }
  }
  if (n === 'set-cookie') {
    // One or several cookies joined with ", " by Node: take each first name=value pair.
    for (const m of value.matchAll(/(?:^|,\s*)[^=;,\s]+=([^;,]*)/g)) parts.push(m[1].trim());
  }
  return parts.filter((p) => p.length > 0);
}

// ---------- token-like strings ----------

export interface TokenRule {
  name: string;
  pattern: RegExp;
  /** Index of the capture group holding the secret (0: the whole match). */
  group: number;
  /** Extra check on the secret text (false: leave it). */
  accept?: (secret: string) => boolean;
}

const hasDigit = (s: string) => /[0-9]/.test(s);

/** Bits per character over the string's own character frequencies. */
export function entropy(s: string): number {
  const freq = new Map<string, number>();
  for (const c of s) freq.set(c, (freq.get(c) ?? 0) + 1);
  let h = 0;
  for (const n of freq.values()) {
    const p = n / s.length;
    h -= p * Math.log2(p);
  }
  return h;
}

function looksRandomBase64(s: string): boolean {
  const body = s.replace(/=+$/, '');
  if (!/[a-z]/.test(body) || !/[A-Z]/.test(body) || !hasDigit(body)) return false;
  // Paths share the alphabet; random base64 has few slashes.
  const slashes = body.split('/').length - 1;
  if (slashes > 2 + body.length / 20) return false;
  return entropy(body) >= 4.2;
}

export const TOKEN_RULES: readonly TokenRule[] = [
  {
    name: 'private key',
    pattern: /-----BEGIN [A-Z ]*PRIVATE KEY-----[\s\S]{0,20000}?-----END [A-Z ]*PRIVATE KEY-----/g,
    group: 0,
  },
  { name: 'JWT', pattern: /\beyJ[A-Za-z0-9_-]{8,}\.eyJ[A-Za-z0-9_-]{8,}\.[A-Za-z0-9_-]*/g, group: 0 },
  {
    name: 'bearer credential',
    pattern: /\b(?:Bearer|Basic)\s+([A-Za-z0-9._~+/-]{8,}=*)/gi,
    group: 1,
    accept: (s) => s !== REDACTED && (hasDigit(s) || s.length >= 24),
  },
  { name: 'API key (sk-/pk-/rk-)', pattern: /\b(?:sk|pk|rk)-[A-Za-z0-9_-]{16,}/g, group: 0 },
  { name: 'GitHub token', pattern: /\b(?:gh[pousr]_[A-Za-z0-9]{20,}|github_pat_[A-Za-z0-9_]{20,})/g, group: 0 },
  { name: 'GitLab token', pattern: /\bglpat-[A-Za-z0-9_-]{20,}/g, group: 0 },
  { name: 'Slack token', pattern: /\bxox[abposr]-[A-Za-z0-9-]{10,}/g, group: 0 },
  { name: 'npm token', pattern: /\bnpm_[A-Za-z0-9]{36}\b/g, group: 0 },
  { name: 'AWS access key', pattern: /\b(?:AKIA|ASIA)[0-9A-Z]{16}\b/g, group: 0 },
  { name: 'Google API key', pattern: /\bAIza[0-9A-Za-z_-]{35}/g, group: 0 },
  {
    // Bare hex (not 0x-prefixed: that is Ethereum data such as hashes and addresses, not a secret).
    name: 'long hex secret',
    pattern: /(?<![A-Za-z0-9_])[0-9a-fA-F]{32,128}(?![A-Za-z0-9_])/g,
    group: 0,
    accept: (s) => hasDigit(s) && /[a-fA-F]/.test(s),
  },
  {
    name: 'long base64 secret',
    pattern: /(?<![A-Za-z0-9+/_=-])[A-Za-z0-9+/_-]{32,512}={0,2}(?![A-Za-z0-9+/_=-])/g,
    group: 0,
    accept: looksRandomBase64,
  },
];

/** Flags of a command line that take a credential (`--token X`, `--api-key=X`). */
export function secretFlag(arg: string): { inline?: string } | null {
  const m = /^--?([A-Za-z][A-Za-z0-9_.-]*)(?:=(.*))?$/.exec(arg);
  if (!m || !isSecretName(m[1]) || m[1].toLowerCase() === 'code') return null;
  return m[2] !== undefined ? { inline: m[2] } : {};
}
