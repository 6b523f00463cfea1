/**
 * Keeps the bridge from holding dead sockets. A page whose machine slept, a tab that was killed
 * without a close frame, or a client that completed the upgrade and then stopped reading would
 * otherwise keep its socket (and file descriptor) until the server stops. Every socket that has
 * been quiet for `intervalMs` gets a ping; one that has not answered (a pong or any message)
 * `timeoutMs` after its ping is terminated. Browsers answer pings by themselves.
 */
import type { WebSocket } from 'ws';

export interface HeartbeatOptions {
  /** Quiet time before a socket is pinged. */
  intervalMs: number;
  /** How long a pinged socket has to answer before it is terminated. */
  timeoutMs: number;
}

export const DEFAULT_HEARTBEAT: HeartbeatOptions = { intervalMs: 30_000, timeoutMs: 15_000 };

/** Bounds for configured values: below 10 ms the timer would spin, above a day it is never. */
const MIN_MS = 10;
const MAX_MS = 24 * 60 * 60 * 1000;

interface Watched {
  lastHeard: number;
  /** When the unanswered ping went out, or null when none is outstanding. */
  pingedAt: number | null;
}

export class Heartbeat {
  private readonly sockets = new Map<WebSocket, Watched>();
  private timer: NodeJS.Timeout | null = null;
  private readonly intervalMs: number;
  private readonly timeoutMs: number;

  constructor(opts: HeartbeatOptions = DEFAULT_HEARTBEAT) {
    this.intervalMs = clampMs(opts.intervalMs, 'interval');
    this.timeoutMs = clampMs(opts.timeoutMs, 'timeout');
  }

  watch(ws: WebSocket): void {
    const w: Watched = { lastHeard: Date.now(), pingedAt: null };
    this.sockets.set(ws, w);
    const heard = () => {
      w.lastHeard = Date.now();
      w.pingedAt = null;
    };
    ws.on('pong', heard);
    ws.on('message', heard);
    ws.once('close', () => this.sockets.delete(ws));
    this.start();
  }

  get size(): number {
    return this.sockets.size;
  }

  stop(): void {
    if (this.timer) clearInterval(this.timer);
    this.timer = null;
    this.sockets.clear();
  }

  private start(): void {
    if (this.timer) return;
    // Checking twice per the shorter period keeps the worst-case overshoot to half of it.
    this.timer = setInterval(() => this.check(), Math.max(MIN_MS, Math.min(this.intervalMs, this.timeoutMs) / 2));
    this.timer.unref();
  }

  private check(): void {
    const now = Date.now();
    for (const [ws, w] of this.sockets) {
      if (w.pingedAt !== null) {
        if (now - w.pingedAt >= this.timeoutMs) {
          this.sockets.delete(ws);
          ws.terminate();
        }
      } else if (now - w.lastHeard >= this.intervalMs && ws.readyState === ws.OPEN) {
        w.pingedAt = now;
        ws.ping();
      }
    }
  }
}

function clampMs(value: number, what: string): number {
  if (!Number.isFinite(value) || value < MIN_MS || value > MAX_MS) {
    throw new Error(`bridge heartbeat ${what} must be between ${MIN_MS} ms and ${MAX_MS} ms, not ${value}`);
  }
  return Math.floor(value);
}
