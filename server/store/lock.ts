/**
 * One writer per data directory. A running rpcscope holds `rpcscope.lock` beside its database,
 * naming its pid and URL; a second one started on the same directory reads it and refuses before
 * it opens (or writes) anything. A lock whose pid is dead was left by a crash and is taken over.
 *
 * The lock file is written whole under a temporary name and linked into place (link fails if the
 * name exists), so a reader never sees half a lock and two starters cannot both win.
 */
import { linkSync, readFileSync, renameSync, unlinkSync, writeFileSync } from 'node:fs';
import { randomBytes } from 'node:crypto';
import { join } from 'node:path';
import { StartRefused } from './errors';

export const LOCK_FILE = 'rpcscope.lock';

export interface LockHolder {
  pid: number;
  /** The running app's address without its token (absent while it is still starting). */
  url?: string;
  startedAt: string;
}

const MAX_LOCK_BYTES = 4096;

function readHolder(file: string): LockHolder | null | 'absent' {
  let text: string;
  try {
    text = readFileSync(file, 'utf8').slice(0, MAX_LOCK_BYTES);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code === 'ENOENT') return 'absent';
    throw e;
  }
  try {
    const v = JSON.parse(text) as Partial<LockHolder>;
    if (Number.isSafeInteger(v.pid) && (v.pid as number) > 0) {
      return { pid: v.pid as number, url: typeof v.url === 'string' ? v.url : undefined, startedAt: String(v.startedAt ?? '') };
    }
  } catch {
    // Not ours or damaged: nobody can be named as its holder, so it counts as stale.
  }
  return null;
}

/** Signal 0 tests for existence; EPERM means the process exists but belongs to someone else. */
function isAlive(pid: number): boolean {
  try {
    process.kill(pid, 0);
    return true;
  } catch (e) {
    return (e as NodeJS.ErrnoException).code === 'EPERM';
  }
}

export function describeHolder(h: LockHolder): string {
  return `pid ${h.pid}, ${h.url ? h.url : 'still starting'}`;
}

export class DataDirLock {
  private released = false;

  private constructor(
    readonly file: string,
    private holder: LockHolder,
  ) {}

  /**
   * Takes the lock of `dir` (which must exist) or throws StartRefused naming the running holder.
   * Nothing in the directory changes when the lock is refused.
   */
  static acquire(dir: string): DataDirLock {
    const file = join(dir, LOCK_FILE);
    const holder: LockHolder = { pid: process.pid, startedAt: new Date().toISOString() };
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = readHolder(file);
      if (existing !== 'absent') {
        if (existing && isAlive(existing.pid)) {
          throw new StartRefused(
            `another rpcscope is already running on the data directory ${dir} (${describeHolder(existing)}). ` +
              'Use that one, stop it first, or start this one with another --data-dir.',
          );
        }
        removeIfUnchanged(file, existing);
        continue;
      }
      const tmp = writeTemp(file, holder);
      try {
        linkSync(tmp, file);
        return new DataDirLock(file, holder);
      } catch (e) {
        if ((e as NodeJS.ErrnoException).code !== 'EEXIST') throw e;
        // Someone else linked first: look again at who holds it.
      } finally {
        unlinkSync(tmp);
      }
    }
    throw new StartRefused(`could not take the lock ${file}: another rpcscope keeps starting on this data directory`);
  }

  /** Records the address once the server listens, so a second start can point the user to it. */
  setUrl(url: string): void {
    if (this.released) return;
    this.holder = { ...this.holder, url };
    try {
      renameSync(writeTemp(this.file, this.holder), this.file);
    } catch {
      // A full disk must not stop a server that already listens: the lock still holds, and a
      // second start names this one by pid ("still starting") instead of by URL.
    }
  }

  /** Removes the lock if it is still ours. Safe to call twice. */
  release(): void {
    if (this.released) return;
    this.released = true;
    const current = readHolder(this.file);
    if (current !== 'absent' && current?.pid === process.pid) unlinkSync(this.file);
  }
}

function writeTemp(file: string, holder: LockHolder): string {
  const tmp = `${file}.${process.pid}.${randomBytes(4).toString('hex')}.tmp`;
  writeFileSync(tmp, JSON.stringify(holder) + '\n', { mode: 0o600, flag: 'wx' });
  return tmp;
}

/** A stale lock goes only if it still says what we read (another starter may have replaced it meanwhile). */
function removeIfUnchanged(file: string, seen: LockHolder | null): void {
  const now = readHolder(file);
  if (now === 'absent') return;
  if (JSON.stringify(now) !== JSON.stringify(seen)) return;
  try {
    unlinkSync(file);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'ENOENT') throw e;
  }
}
