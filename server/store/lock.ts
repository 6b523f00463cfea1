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
  /**
   * When that process started (Linux: clock ticks after boot, from /proc), so a pid reused by
   * another program after a crash — common in containers — is not mistaken for rpcscope.
   */
  startTicks?: number;
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
      return {
        pid: v.pid as number,
        startTicks: Number.isSafeInteger(v.startTicks) ? v.startTicks : undefined,
        url: typeof v.url === 'string' ? v.url : undefined,
        startedAt: String(v.startedAt ?? ''),
      };
    }
  } catch {
    // Not ours or damaged: nobody can be named as its holder, so it counts as stale.
  }
  return null;
}

/** Field 22 of /proc/<pid>/stat (after the parenthesised command name, which may hold spaces). */
function startTicksOf(pid: number): number | undefined {
  try {
    const stat = readFileSync(`/proc/${pid}/stat`, 'utf8');
    const ticks = Number(stat.slice(stat.lastIndexOf(')') + 2).split(' ')[19]);
    return Number.isSafeInteger(ticks) ? ticks : undefined;
  } catch {
    return undefined;
  }
}

/**
 * Signal 0 tests for existence (EPERM: it exists but belongs to someone else); where /proc tells
 * when it started, a different start means the pid now belongs to another process.
 */
function isAlive(holder: LockHolder): boolean {
  try {
    process.kill(holder.pid, 0);
  } catch (e) {
    if ((e as NodeJS.ErrnoException).code !== 'EPERM') return false;
  }
  const now = holder.startTicks === undefined ? undefined : startTicksOf(holder.pid);
  return now === undefined || now === holder.startTicks;
}

/** Who holds the data directory's lock now, if a live process does (a tap asks before recording). */
export function currentHolder(dir: string): LockHolder | null {
  const h = readHolder(join(dir, LOCK_FILE));
  return h && h !== 'absent' && isAlive(h) ? h : null;
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
    const holder: LockHolder = { pid: process.pid, startTicks: startTicksOf(process.pid), startedAt: new Date().toISOString() };
    for (let attempt = 0; attempt < 3; attempt++) {
      const existing = readHolder(file);
      if (existing !== 'absent') {
        if (existing && isAlive(existing)) {
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
