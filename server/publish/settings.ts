/**
 * The local app's link to a team server: its URL and a personal access token, set once and kept in
 * the data directory (0600 in the 0700 directory, as protected as the database and the tap key).
 * The token never goes back to the page: it only learns whether one is set.
 */
import { readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';

export const TEAM_SETTINGS_FILE = 'team-link.json';
const MAX_URL = 2000;
const MAX_TOKEN = 512;
const MAX_FILE = 8 * 1024;

export interface TeamLink {
  url: string;
  token: string;
}

/** A team URL the local server may call: http(s), no credentials or query in it, trailing slashes dropped. */
export function checkTeamUrl(input: string): { ok: true; value: string } | { ok: false; error: string } {
  const text = input.trim();
  if (!text) return { ok: false, error: 'the team URL is empty' };
  if (text.length > MAX_URL) return { ok: false, error: `the team URL is longer than ${MAX_URL} characters` };
  let url: URL;
  try {
    url = new URL(text);
  } catch {
    return { ok: false, error: `not a URL: ${text.slice(0, 200)}` };
  }
  if (url.protocol !== 'http:' && url.protocol !== 'https:') return { ok: false, error: 'the team URL must start with http:// or https://' };
  if (url.username || url.password) return { ok: false, error: 'put no user name or password in the team URL: use a personal access token' };
  if (url.search || url.hash) return { ok: false, error: 'the team URL takes no query or #fragment' };
  return { ok: true, value: url.toString().replace(/\/+$/, '') };
}

export function checkTeamToken(input: string): { ok: true; value: string } | { ok: false; error: string } {
  const token = input.trim();
  if (!token) return { ok: false, error: 'the token is empty' };
  if (token.length > MAX_TOKEN) return { ok: false, error: `the token is longer than ${MAX_TOKEN} characters` };
  if (!/^[\x21-\x7e]+$/.test(token)) return { ok: false, error: 'the token holds spaces or characters a token never has: paste it again' };
  return { ok: true, value: token };
}

export function readTeamLink(dataDir: string): Partial<TeamLink> {
  try {
    const text = readFileSync(join(dataDir, TEAM_SETTINGS_FILE), 'utf8');
    if (text.length > MAX_FILE) return {};
    const o = JSON.parse(text) as Record<string, unknown>;
    return {
      ...(typeof o.url === 'string' ? { url: o.url } : {}),
      ...(typeof o.token === 'string' ? { token: o.token } : {}),
    };
  } catch {
    return {};
  }
}

export function writeTeamLink(dataDir: string, link: Partial<TeamLink>): void {
  const file = join(dataDir, TEAM_SETTINGS_FILE);
  if (!link.url && !link.token) {
    try {
      unlinkSync(file);
    } catch {
      // nothing was set
    }
    return;
  }
  const tmp = `${file}.${process.pid}.tmp`;
  writeFileSync(tmp, JSON.stringify(link) + '\n', { mode: 0o600 });
  renameSync(tmp, file);
}
