/**
 * stdio target: a child process spawned without a shell. stdout bytes go to the session's framing
 * decoder untouched; stderr is side output, one line at a time, never parsed. The child gets its
 * own process group so closing it also reaches whatever it spawned (npx wrappers, language-server
 * launchers): stdin end → SIGTERM → SIGKILL, each after a short wait. When the child exits by
 * itself, the rest of its group is ended too: a grandchild that ignores SIGTERM would otherwise
 * keep stdout open and live on under pid 1.
 */
import { spawn, type ChildProcess } from 'node:child_process';
import { statSync } from 'node:fs';
import type { StdioTarget } from '../../lib/session/types';
import { childEnv } from './env';
import { messageOf } from './errors';
import { SendQueue, sendQueueLimits, SendRefusedError } from './send-queue';
import { LineSplitter, toBuffer } from './text';
import type { Transport, TransportEvents, TransportOptions } from './types';

const DEFAULTS = { startGraceMs: 200, closeWaitMs: 300, killWaitMs: 1000, maxStderrLine: 16 * 1024 };
/** After exit, how long to wait for the pipes to drain before calling the target gone. */
const DRAIN_WAIT_MS = 500;
const STDERR_TAIL = 10;
const usesGroups = process.platform !== 'win32';

/** Every live child, so a server that exits takes its targets with it. */
const live = new Set<StdioTransport>();
let exitHookInstalled = false;

/** Kill every stdio target still running (SIGKILL, synchronous). For the server's shutdown path. */
export function killAllStdioTargets(): void {
  for (const t of live) t.killNow('SIGKILL');
}

function installExitHook(): void {
  if (exitHookInstalled) return;
  exitHookInstalled = true;
  process.once('exit', killAllStdioTargets);
}

function spawnErrorWords(err: NodeJS.ErrnoException, command: string): string {
  switch (err.code) {
    case 'ENOENT':
      return `command not found: ${command}`;
    case 'EACCES':
      return `permission denied (not executable?): ${command}`;
    case 'ENOTDIR':
      return `not a command (a path component is not a directory): ${command}`;
    case 'E2BIG':
      return `argument list too long for: ${command}`;
    default:
      return `cannot start ${command}: ${messageOf(err)}`;
  }
}

export class StdioTransport implements Transport {
  get kind(): StdioTarget['kind'] {
    return this.target.kind;
  }
  readonly stream = true;
  get framing(): StdioTarget['framing'] {
    return this.target.framing;
  }
  private child: ChildProcess | undefined;
  private pid: number | undefined;
  private exited = false;
  private finalized = false;
  private exitNote = '';
  private readonly stderrTail: string[] = [];
  private readonly opts: typeof DEFAULTS;
  private closing: Promise<void> | undefined;
  private finalizedWaiters: (() => void)[] = [];
  /** Settles once the spawn succeeded or failed, so a close right after start still finds the pid. */
  private spawned: Promise<void> | undefined;
  private exitWaiters: (() => void)[] = [];
  private readonly queue: SendQueue;

  constructor(
    private readonly target: StdioTarget,
    private readonly events: TransportEvents,
    options: TransportOptions = {},
  ) {
    this.queue = new SendQueue(sendQueueLimits(options.sendQueue), {
      stuck: (note) => this.events.onSendQueue?.({ stuck: true, note }),
      drained: (note) => this.events.onSendQueue?.({ stuck: false, note }),
    });
    this.opts = {
      startGraceMs: options.startGraceMs ?? DEFAULTS.startGraceMs,
      closeWaitMs: options.closeWaitMs ?? DEFAULTS.closeWaitMs,
      killWaitMs: options.killWaitMs ?? DEFAULTS.killWaitMs,
      maxStderrLine: options.maxStderrLine ?? DEFAULTS.maxStderrLine,
    };
  }

  start(): Promise<void> {
    const { command, args = [], cwd, env } = this.target;
    if (!command || command.trim() === '') return Promise.reject(new Error('no command given'));
    if (cwd !== undefined) {
      let isDir: boolean;
      try {
        isDir = statSync(cwd).isDirectory();
      } catch {
        isDir = false;
      }
      if (!isDir) return Promise.reject(new Error(`working directory not found: ${cwd}`));
    }
    return new Promise<void>((resolve, reject) => {
      let starting = true;
      let child: ChildProcess;
      try {
        child = spawn(command, args, {
          cwd,
          env: childEnv(env) as NodeJS.ProcessEnv,
          shell: false,
          detached: usesGroups,
          stdio: ['pipe', 'pipe', 'pipe'],
          windowsHide: true,
        });
      } catch (err) {
        reject(new Error(spawnErrorWords(err as NodeJS.ErrnoException, command)));
        return;
      }
      this.child = child;
      this.spawned = new Promise<void>((settle) => {
        child.once('spawn', () => settle());
        child.once('error', () => settle());
      });
      const stderr = new LineSplitter(this.opts.maxStderrLine, (line) => {
        this.stderrTail.push(line);
        if (this.stderrTail.length > STDERR_TAIL) this.stderrTail.shift();
        this.events.onStderr?.(line);
      });

      child.once('spawn', () => {
        this.pid = child.pid;
        live.add(this);
        installExitHook();
        this.events.onMeta?.(`started ${command} (pid ${child.pid})`, { process: { pid: child.pid } });
        setTimeout(() => {
          if (starting && !this.exited) {
            starting = false;
            resolve();
          }
        }, this.opts.startGraceMs);
      });
      child.on('error', (err: NodeJS.ErrnoException) => {
        if (this.pid === undefined && starting) {
          starting = false;
          reject(new Error(spawnErrorWords(err, command)));
          return;
        }
        this.events.onError?.(`${command}: ${messageOf(err)}`);
      });
      child.stdout?.on('data', (chunk: Buffer) => this.events.onBytes?.(chunk));
      child.stderr?.on('data', (chunk: Buffer) => stderr.push(chunk));
      // Writing to a child that just died raises EPIPE on stdin; the send call reports it.
      child.stdin?.on('error', () => undefined);

      let drainTimer: NodeJS.Timeout | undefined;
      const finalize = () => {
        // A spawn that failed (ENOENT …) never ran: start already rejected, nothing exited.
        if (this.finalized || this.pid === undefined) return;
        this.finalized = true;
        clearTimeout(drainTimer);
        stderr.flush();
        live.delete(this);
        // The leader is gone: whatever it left in its group (even what ignores SIGTERM) goes too.
        this.killNow('SIGKILL');
        this.events.onMeta?.(this.exitNote, {
          process: { pid: this.pid, exitCode: child.exitCode, signal: child.signalCode },
        });
        if (starting && this.closing) {
          starting = false;
          reject(new Error(`${command} was closed while starting`));
        } else if (starting) {
          starting = false;
          const tail = this.stderrTail.length ? `. Last stderr lines:\n${this.stderrTail.join('\n')}` : ' (no stderr output)';
          reject(new Error(`${command} ${this.exitNote} right after start${tail}`));
        }
        this.events.onClose?.(this.exitNote);
        for (const w of this.finalizedWaiters.splice(0)) w();
      };
      child.once('exit', (code, signal) => {
        this.exited = true;
        this.exitNote = code !== null ? `exited with code ${code}` : `killed by signal ${signal}`;
        for (const w of this.exitWaiters.splice(0)) w();
        // Ask the rest of the group to end; finalize makes sure of it.
        this.killNow('SIGTERM');
        // A grandchild may still hold the pipes open; do not wait on it forever.
        drainTimer = setTimeout(() => {
          child.stdout?.destroy();
          child.stderr?.destroy();
          finalize();
        }, DRAIN_WAIT_MS);
      });
      child.once('close', finalize);
    });
  }

  admit(size: number): void {
    this.queue.admit(size);
  }

  /** Resolves as soon as the bytes are queued on stdin: a child that never reads must not hold the caller. */
  send(data: Uint8Array | string): Promise<void> {
    const stdin = this.child?.stdin;
    if (!this.child || !stdin) return Promise.reject(new Error('target not started'));
    if (this.exited) return Promise.reject(new Error(`target exited (${this.exitNote})`));
    if (stdin.destroyed || stdin.writableEnded) return Promise.reject(new Error('target exited or closed its stdin'));
    const bytes = toBuffer(data);
    try {
      this.queue.admit(bytes.length);
    } catch (err) {
      return Promise.reject(err instanceof SendRefusedError ? err : new Error(messageOf(err)));
    }
    const release = this.queue.take(bytes.length);
    stdin.write(bytes, (err) => {
      release();
      // After an exit the exit itself is the news; EPIPE on top of it says nothing new.
      if (!err || this.exited) return;
      const code = (err as NodeJS.ErrnoException).code;
      this.events.onError?.(`target closed its stdin (${code === 'EPIPE' ? 'EPIPE' : messageOf(err)}): a message was not delivered`);
    });
    return Promise.resolve();
  }

  close(): Promise<void> {
    this.closing ??= this.shutdown();
    return this.closing;
  }

  /** Signal the whole process group (falls back to the child alone). Never throws. */
  killNow(signal: NodeJS.Signals): void {
    const pid = this.pid;
    if (pid === undefined) return;
    try {
      if (usesGroups) process.kill(-pid, signal);
      else this.child?.kill(signal);
    } catch {
      try {
        if (!this.exited) this.child?.kill(signal);
      } catch {
        // Already gone.
      }
    }
  }

  private async shutdown(): Promise<void> {
    const child = this.child;
    if (!child) return;
    await this.spawned;
    if (this.pid === undefined) return;
    if (!this.exited) {
      child.stdin?.end();
      if (!(await this.exitWithin(this.opts.closeWaitMs))) {
        this.killNow('SIGTERM');
        if (!(await this.exitWithin(this.opts.killWaitMs))) {
          this.killNow('SIGKILL');
          await this.exitWithin(5000);
        }
      }
    }
    // The leader is gone; anything it left behind in its group goes too.
    this.killNow('SIGKILL');
    if (!this.finalized) await new Promise<void>((resolve) => this.finalizedWaiters.push(resolve));
  }

  private exitWithin(ms: number): Promise<boolean> {
    if (this.exited) return Promise.resolve(true);
    return new Promise<boolean>((resolve) => {
      const timer = setTimeout(() => resolve(false), ms);
      this.exitWaiters.push(() => {
        clearTimeout(timer);
        resolve(true);
      });
    });
  }
}

export function createStdioTransport(target: StdioTarget, events: TransportEvents, options?: TransportOptions): StdioTransport {
  return new StdioTransport(target, events, options);
}
