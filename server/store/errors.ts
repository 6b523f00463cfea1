/**
 * One error type for everything the store refuses, with a code the HTTP layer can map to a status
 * (invalid → 400, not-found → 404, conflict → 409) and a message fit to show a user.
 */
import { randomBytes } from 'node:crypto';
import { nameSchema, parseWith } from '../../lib/session/schemas';
import { jsonDepthExceeds } from '../../lib/session/file-format';

export type StoreErrorCode = 'invalid' | 'not-found' | 'conflict';

export class StoreError extends Error {
  constructor(
    readonly code: StoreErrorCode,
    message: string,
  ) {
    super(message);
    this.name = 'StoreError';
  }
}

/** 128 random bits, URL-safe: used for row ids that appear in URLs. */
export const newId = (): string => randomBytes(16).toString('base64url');

/** 256 random bits: share links must be unguessable even if ids leak. */
export const newShareId = (): string => randomBytes(32).toString('base64url');

/** A name is a label shown to a user, never a path: checked for length and control characters only. */
export function checkName(name: unknown, what: string): string {
  const r = parseWith(nameSchema, name);
  if (!r.ok) throw new StoreError('invalid', `${what} name: ${r.error.replace(/^name: /, '')}`);
  return r.value.trim();
}

/**
 * A valid name made from any text (a URL, a command line): control characters become spaces and
 * the result is clipped to the name limit. For names the server derives, not ones a user typed.
 */
export function toLabel(text: string, fallback = 'session'): string {
  const clean = text.replace(/[\u0000-\u001f\u007f]+/g, ' ').trim();
  if (!clean) return fallback;
  // The limit counts UTF-16 units (as the schema does); never cut a surrogate pair in half.
  return clean.length <= 200 ? clean : clean.slice(0, 199).replace(/[\ud800-\udbff]$/, '') + '…';
}

const MAX_PAYLOAD_CHARS = 64 * 1024 * 1024 + 64 * 1024;
const MAX_PAYLOAD_DEPTH = 64;

/** Serialise a JSON value for a TEXT column, refusing what JSON cannot carry and what is too big. */
export function toJsonColumn(value: unknown, what: string): string {
  let text: string | undefined;
  try {
    text = JSON.stringify(value);
  } catch (e) {
    throw new StoreError('invalid', `${what}: not representable as JSON (${(e as Error).message})`);
  }
  if (text === undefined) throw new StoreError('invalid', `${what}: not representable as JSON`);
  if (text.length > MAX_PAYLOAD_CHARS) throw new StoreError('invalid', `${what}: larger than 64 MiB`);
  if (jsonDepthExceeds(text, MAX_PAYLOAD_DEPTH)) {
    throw new StoreError('invalid', `${what}: nested more than ${MAX_PAYLOAD_DEPTH} levels deep`);
  }
  return text;
}

/**
 * Why a write to the database failed, in words a user can act on. SQLite's extended codes
 * (SQLITE_IOERR_WRITE, SQLITE_BUSY_SNAPSHOT …) are grouped by their primary code.
 */
export function describeStoreFailure(err: unknown): string {
  if (err instanceof StoreError) return err.message;
  const code = typeof (err as { code?: unknown })?.code === 'string' ? (err as { code: string }).code : '';
  const primary = /^SQLITE_[A-Z]+/.exec(code)?.[0] ?? '';
  switch (primary) {
    case 'SQLITE_FULL':
      return 'the disk is full (or the database reached its size limit)';
    case 'SQLITE_IOERR':
      return `the disk reported an I/O error (${code})`;
    case 'SQLITE_BUSY':
    case 'SQLITE_LOCKED':
      return 'the database is busy: another program holds a lock on it';
    case 'SQLITE_READONLY':
    case 'SQLITE_CANTOPEN':
    case 'SQLITE_PERM':
      return `the database cannot be written (${code})`;
    case 'SQLITE_CORRUPT':
    case 'SQLITE_NOTADB':
      return 'the database is damaged';
    default:
      return (err instanceof Error ? err.message : String(err)).slice(0, 500) || 'unknown error';
  }
}

/**
 * rpcscope cannot start on this data directory (another one runs there, the database is damaged):
 * the message says why and what to do, and is shown alone, without a stack trace.
 */
export class StartRefused extends Error {
  constructor(message: string) {
    super(message);
    this.name = 'StartRefused';
  }
}

export const isoNow = (): string => new Date().toISOString();
