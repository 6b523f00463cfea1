/**
 * How the page words a held message: who has not received it and who is waiting because of it.
 * Client → server is `out`; a held request means its sender waits for an answer it cannot get
 * yet, a held answer means the side that asked waits.
 */
import type { HeldMessage } from './wire';

const SIDE = { out: { from: 'client', to: 'server' }, in: { from: 'server', to: 'client' } } as const;

export function waitingWords(h: Pick<HeldMessage, 'dir' | 'kind'>): string {
  const { from, to } = SIDE[h.dir];
  switch (h.kind) {
    case 'request': return `the ${to} has not received it — the ${from} is waiting for its answer`;
    case 'response':
    case 'error': return `the ${to} is waiting for this answer`;
    case 'batch': return `the ${to} has not received this batch — the ${from} may be waiting for answers`;
    default: return `the ${to} has not received it`;
  }
}

/** `12.3 s`, `2 min 05 s`: how long it has been held. */
export function heldFor(ms: number): string {
  const s = Math.max(0, ms) / 1000;
  if (s < 60) return `${s.toFixed(1)} s`;
  const m = Math.floor(s / 60);
  return `${m} min ${String(Math.floor(s % 60)).padStart(2, '0')} s`;
}

/**
 * Where the frames behind a held one wait (its lane), for "N waiting behind it …": a stdio tap
 * keeps order per direction; the proxy tap per POST, reply, event stream and socket direction
 * (lanes named by server/tap/proxy-intercept*.ts, sse-gate.ts, proxy-ws.ts).
 */
export function laneWords(lane: string | undefined, dir: HeldMessage['dir']): string {
  const [what, n, side] = (lane ?? dir).split(':');
  switch (what) {
    case 'post': return 'in this POST';
    case 'reply': return 'in this reply';
    case 'sse': return 'on this event stream';
    case 'ws': return `on WebSocket #${n}, ${directionArrow(side === 'in' ? 'in' : 'out')}`;
    default: return `in its direction (${directionArrow(dir)})`;
  }
}

/** The panel's hint on what a held message holds up, for this kind of tap. */
export function holdsUpWords(proxy: boolean): string {
  return proxy
    ? 'A held message holds up only what comes behind it on its own lane: the rest of its POST, the later events of its event stream, or the later frames of its WebSocket in that direction. Other POSTs, streams and sockets go on.'
    : 'A held message holds the ones behind it in its direction (client → server or server → client); the other direction goes on.';
}

export function directionArrow(dir: HeldMessage['dir']): string {
  return dir === 'out' ? 'client → server' : 'server → client';
}
