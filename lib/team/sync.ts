/**
 * Collections and environment templates to and from a team server, as the local app sees them:
 * the kinds that travel (one table, so the routes, the page and the team paths cannot drift), the
 * bodies the page sends, and the answers it gets. The local server does the HTTP to the team; the
 * page only ever names a local id or a team name.
 */
import { z } from 'zod';

/** What the team server keeps beside published sessions, by the local thing each comes from. */
export const SHARED_KINDS = ['collection', 'environment'] as const;
export type SharedKind = (typeof SHARED_KINDS)[number];

export const SHARED_KIND_INFO = {
  collection: { plural: 'collections', label: 'collection' },
  environment: { plural: 'environments', label: 'environment template' },
} as const satisfies Record<SharedKind, { plural: string; label: string }>;

export const isSharedKind = (v: string): v is SharedKind => (SHARED_KINDS as readonly string[]).includes(v);

/** A team name as the team server takes it: 1 to 200 characters, no "/" or control characters. */
export const TEAM_DOC_NAME = /^[^\u0000-\u001f/]{1,200}$/;

export const PushTeamDocBodySchema = z.strictObject({
  localId: z.string().min(1).max(100),
  /** After a conflict: push mine under a new team name ("NAME (copy)") instead of over theirs. */
  asCopy: z.boolean().optional(),
});
export type PushTeamDocBody = z.infer<typeof PushTeamDocBodySchema>;

export const PullTeamDocBodySchema = z.strictObject({
  name: z.string().min(1).max(200),
  /** Replace a local copy that has changes the team does not have (the user chose so). */
  replace: z.boolean().optional(),
  /** "Pull theirs" after a conflict: into this local one (linked to the team name from now on). */
  into: z.string().min(1).max(100).optional(),
});
export type PullTeamDocBody = z.infer<typeof PullTeamDocBodySchema>;

/** Where a local collection or environment came from on the team server, and whether it changed since. */
export interface TeamCopy {
  kind: SharedKind;
  localId: string;
  teamName: string;
  /** The team version it was last pulled at or pushed as. */
  version: number;
  syncedAt: string;
  /** Edited here since that version. */
  changed: boolean;
}

/** One collection or template on the team server, and the local copy of it when there is one. */
export interface TeamDocListing {
  name: string;
  version: number;
  updatedBy: string;
  updatedAt: string;
  local?: { id: string; name: string; version: number; changed: boolean };
}

export interface TeamDocVersion {
  version: number;
  updatedBy: string;
  updatedAt: string;
}

/** A push either went through or met someone else's newer version; nothing is overwritten then. */
export type TeamPushResult =
  | { state: 'pushed'; name: string; version: number }
  | {
      state: 'conflict';
      name: string;
      /** The version this push was based on (0: none). */
      mine: number;
      /** The team's current version (null: it is not on the team server). */
      theirs: TeamDocVersion | null;
      message: string;
    };

export interface TeamPullResult {
  localId: string;
  /** The local name (a new copy gets a free one). */
  name: string;
  teamName: string;
  version: number;
  created: boolean;
  /** Environment templates: the secret variables that still need a value on this machine. */
  secrets: string[];
}

/** An ISO time as the conflict panel shows it: "2026-12-01 16:04 UTC". */
const shortTime = (iso: string) => (/^\d{4}-\d\d-\d\dT\d\d:\d\d/.test(iso) ? `${iso.slice(0, 10)} ${iso.slice(11, 16)} UTC` : iso);

/** "collection “api” was changed by bob at … (now version 3)" in the words the conflict panel shows. */
export function describeConflict(kind: SharedKind, r: Extract<TeamPushResult, { state: 'conflict' }>): string {
  const what = SHARED_KIND_INFO[kind].label;
  if (!r.theirs) return `the ${what} “${r.name}” is not on the team server any more: keep yours as a copy to push it again`;
  if (r.mine === 0) return `the team already has a ${what} named “${r.name}” (version ${r.theirs.version}, by ${r.theirs.updatedBy} at ${shortTime(r.theirs.updatedAt)}): nothing was overwritten`;
  return `${r.theirs.updatedBy} changed the ${what} “${r.name}” at ${shortTime(r.theirs.updatedAt)} (now version ${r.theirs.version}; yours is based on version ${r.mine}): nothing was overwritten`;
}
