/**
 * All dialect profiles by id. Adding a dialect: one profile file, one line here, its tests.
 */
import type { ErrorCatalog } from '../errors/types';
import { baseProfile } from './base';
import { dapProfile } from './dap';
import { ethereumProfile } from './ethereum';
import { lspProfile } from './lsp';
import { mcpProfile } from './mcp';
import type { DialectId, DialectProfile, MethodInfo } from './types';

const PROFILES: Readonly<Record<DialectId, DialectProfile>> = {
  base: baseProfile,
  lsp: lspProfile,
  mcp: mcpProfile,
  ethereum: ethereumProfile,
  dap: dapProfile,
};

export const DIALECT_IDS: readonly DialectId[] = ['base', 'lsp', 'mcp', 'ethereum', 'dap'];

export function isDialectId(v: unknown): v is DialectId {
  return typeof v === 'string' && (DIALECT_IDS as readonly string[]).includes(v);
}

/** The profile for an id; unknown ids (e.g. from an old session file) get the base profile. */
export function getProfile(id: string | undefined): DialectProfile {
  return isDialectId(id) ? PROFILES[id] : baseProfile;
}

export function listProfiles(): DialectProfile[] {
  return DIALECT_IDS.map((id) => PROFILES[id]);
}

/** Method facts for completion and hover; undefined when the dialect does not know the name. */
export function findMethod(id: DialectId, name: string): MethodInfo | undefined {
  return PROFILES[id].methods.find((m) => m.name === name);
}

/**
 * The dialect's catalog to put in ErrorContext.catalogs, ahead of the standard one. The base
 * profile adds none, so its sessions decode with the standard catalog alone.
 */
export function dialectCatalogs(id: DialectId): ErrorCatalog[] {
  return id === 'base' ? [] : [PROFILES[id].errors];
}
