/**
 * The team store's interface: what the team server keeps, whatever the engine. PostgreSQL is the
 * team's engine; SQLite runs the same contract (tests/integration/team/store-contract.test.ts),
 * so either can be swapped in. Everything is async because PostgreSQL is.
 */
import type { Role } from '../../../lib/team/roles';
import type { TeamComment } from '../../../lib/team/api';
import type { TargetSpec } from '../../../lib/session/types';

export interface TeamUser {
  id: string;
  name: string;
  role: Role;
  hasPassword: boolean;
  createdAt: string;
}

export interface TokenRecord {
  id: string;
  userId: string;
  name: string;
  createdAt: string;
  revokedAt?: string;
}

export interface PublishedSession {
  id: string;
  name: string;
  target: TargetSpec;
  startedAt: string;
  redactions?: { kind: string; count: number }[];
  publishedBy: string;
  publishedAt: string;
  live: boolean;
  /** -1 before the first event. */
  lastSeq: number;
  eventCount: number;
  /** Stored size of its events (their JSON text). */
  bytes: number;
}

/** An event as stored: its seq and its JSON text, exactly as published. */
export interface StoredEvent {
  seq: number;
  json: string;
}

export type DocKind = 'collection' | 'environment';

export interface SharedDocRecord {
  kind: DocKind;
  name: string;
  version: number;
  body: string;
  updatedBy: string;
  updatedAt: string;
}

export type PutDocResult = { ok: true; version: number } | { ok: false; current: SharedDocRecord | undefined };

export class TooLarge extends Error {
  constructor(readonly bytes: number, readonly limit: number) {
    super(`the session would hold ${bytes} bytes of events, over this server's limit of ${limit} bytes per session`);
  }
}

export class NameTaken extends Error {}

/** A team keeps at least one owner: the last one cannot be demoted (someone must manage people). */
export class LastOwner extends Error {
  constructor(readonly name: string) {
    super(`${name} is the team's last owner: make someone else an owner first (rpcscope team user role NAME --role owner)`);
  }
}

export interface TeamStore {
  readonly engine: 'postgres' | 'sqlite';
  /** Brings the schema up to date (versioned, idempotent); the versions it applied. */
  migrate(): Promise<number[]>;
  close(): Promise<void>;

  addUser(name: string, role: Role): Promise<TeamUser>;
  user(nameOrId: { name: string } | { id: string }): Promise<TeamUser | undefined>;
  users(): Promise<TeamUser[]>;
  /** Changes a person's role; LastOwner when it would leave the team without an owner. */
  setRole(userId: string, role: Role): Promise<void>;
  setPassword(userId: string, hash: string): Promise<void>;
  passwordHash(userId: string): Promise<string | undefined>;

  addSignInCode(userId: string, hash: string, expiresAt: string): Promise<void>;
  /** The code's user, once: a used or expired code gives undefined. */
  takeSignInCode(hash: string, now: string): Promise<string | undefined>;
  addWebSession(hash: string, userId: string, expiresAt: string): Promise<void>;
  webSessionUser(hash: string, now: string): Promise<string | undefined>;
  endWebSession(hash: string): Promise<void>;

  addToken(userId: string, name: string, hash: string): Promise<TokenRecord>;
  /** The token's record by its hash (revoked ones too, so the refusal can say so). */
  tokenByHash(hash: string): Promise<TokenRecord | undefined>;
  tokens(userId?: string): Promise<TokenRecord[]>;
  revokeToken(id: string): Promise<boolean>;

  createSession(s: Omit<PublishedSession, 'lastSeq' | 'eventCount' | 'bytes'>): Promise<void>;
  /**
   * Adds the events it does not have yet (by seq; repeats are skipped, so a retried append is
   * harmless), all or none; TooLarge past `maxBytes`.
   */
  appendEvents(sessionId: string, events: StoredEvent[], maxBytes: number): Promise<{ added: number; lastSeq: number }>;
  endLive(sessionId: string): Promise<void>;
  session(id: string): Promise<PublishedSession | undefined>;
  sessions(): Promise<PublishedSession[]>;
  events(sessionId: string, afterSeq: number, limit: number): Promise<StoredEvent[]>;

  /** The session's probe report as published (its JSON text); one per session, a second replaces it. */
  putProbe(sessionId: string, report: string): Promise<void>;
  probe(sessionId: string): Promise<string | undefined>;

  addComment(sessionId: string, seq: number, userId: string, text: string): Promise<TeamComment>;
  comments(sessionId: string): Promise<TeamComment[]>;

  /** Writes version `expected + 1` if the stored one is `expected` (0: none yet); else the current one. */
  putDoc(kind: DocKind, name: string, expected: number, body: string, userId: string): Promise<PutDocResult>;
  doc(kind: DocKind, name: string): Promise<SharedDocRecord | undefined>;
  docs(kind: DocKind): Promise<SharedDocRecord[]>;
}
