/**
 * All dialect profiles by id — the one list. Adding a dialect: one profile file, one line in
 * PROFILES, its tests. Everything else is derived from here: the id type and list, the schema
 * enum, the dialect pickers, the error-source labels, detection (each profile's markers) and the
 * error cache (each profile's `errorsByMessage`).
 */
import type { ErrorCatalog } from '../errors/types';
import { a2aProfile } from './a2a';
import { baseProfile } from './base';
import { dapProfile } from './dap';
import { ethereumProfile } from './ethereum';
import { lspProfile } from './lsp';
import { mcpProfile } from './mcp';
import type { DialectProfile, MethodInfo } from './types';

/** In this order detection asks the profiles and pickers list them. */
const PROFILES = {
  base: baseProfile,
  lsp: lspProfile,
  mcp: mcpProfile,
  ethereum: ethereumProfile,
  dap: dapProfile,
  a2a: a2aProfile,
} as const;

export type DialectId = keyof typeof PROFILES;

// Each profile is filed under its own id: a profile typed without its literal id, or filed under
// another key, fails to compile here.
const FILED: { readonly [K in DialectId]: DialectProfile<K> } = PROFILES;

/** Every dialect id, in registry order (a non-empty tuple, as schema enums want it). */
export const DIALECT_IDS = Object.keys(FILED) as [DialectId, ...DialectId[]];

/** The dialect a session speaks until detection or the user decides otherwise. */
export const DEFAULT_DIALECT: DialectId = baseProfile.id;

export function isDialectId(v: unknown): v is DialectId {
  return typeof v === 'string' && Object.prototype.hasOwnProperty.call(FILED, v);
}

/** The profile for an id; unknown ids (e.g. from an old session file) get the base profile. */
export function getProfile(id: string | undefined): DialectProfile {
  return isDialectId(id) ? FILED[id] : baseProfile;
}

export function listProfiles(): DialectProfile[] {
  return DIALECT_IDS.map((id) => FILED[id]);
}

/** What users call a dialect (picker entries, the session header); an unknown id is shown as it came. */
export function dialectLabel(id: string): string {
  return isDialectId(id) ? FILED[id].label : id;
}

/** Error sources that are no dialect's catalog: the spec's own codes, OpenRPC documents, the application's. */
const OTHER_SOURCES: Readonly<Record<string, string>> = { jsonrpc: 'JSON-RPC', openrpc: 'OpenRPC', application: 'application' };

/** How a DecodedError's `source` is named to people; an unknown source is shown as it came. */
export function errorSourceLabel(source: string): string {
  const key = source.toLowerCase();
  if (Object.prototype.hasOwnProperty.call(OTHER_SOURCES, key)) return OTHER_SOURCES[key];
  return listProfiles().find((p) => p.errors.source === key)?.label ?? source;
}

/** Method facts for completion and hover; undefined when the dialect does not know the name. */
export function findMethod(id: DialectId, name: string): MethodInfo | undefined {
  return FILED[id].methods.find((m) => m.name === name);
}

/**
 * The dialect's catalog to put in ErrorContext.catalogs, ahead of the standard one. A dialect
 * without codes of its own (plain JSON-RPC, DAP) adds none, so it decodes with the standard one.
 */
export function dialectCatalogs(id: DialectId): ErrorCatalog[] {
  const catalog = FILED[id].errors;
  return catalog.entries.length === 0 && catalog.ranges.length === 0 ? [] : [catalog];
}
