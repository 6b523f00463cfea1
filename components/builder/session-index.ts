'use client';
/**
 * Facts the builder needs from a session's events (methods seen, numeric ids already sent),
 * kept incrementally: the events array is append-mostly and can hold 100k entries, so each
 * render scans only what arrived since the last one.
 */
import { useMemo } from 'react';
import { nextAutoId } from '@/lib/builder/ids';
import type { EntryRow } from '@/lib/timeline/row';
import { useSessions } from '@/components/stores/sessions';

export interface MethodSeen {
  name: string;
  out: number;
  in: number;
}

interface Index {
  scanned: number;
  firstSeq: number;
  methods: Map<string, MethodSeen>;
  /** Next auto id implied by what was sent (0 counter floor). */
  nextId: number;
}

const cache = new WeakMap<EntryRow[], Index>();

function note(methods: Map<string, MethodSeen>, name: string | undefined, dir: string): void {
  if (!name || dir === 'meta') return;
  let m = methods.get(name);
  if (!m) methods.set(name, (m = { name, out: 0, in: 0 }));
  if (dir === 'out') m.out++;
  else m.in++;
}

function indexOf(events: EntryRow[]): Index {
  let idx = cache.get(events);
  // A replay that inserted into the middle invalidates the incremental scan.
  if (idx && (idx.scanned > events.length || (events.length > 0 && events[0].seq !== idx.firstSeq))) idx = undefined;
  if (!idx) {
    idx = { scanned: 0, firstSeq: events[0]?.seq ?? 0, methods: new Map(), nextId: 1 };
    cache.set(events, idx);
  }
  if (idx.scanned < events.length) {
    // Only what we sent can carry an id that moves the counter; a flood from the target adds none.
    const sent: EntryRow[] = [];
    for (let i = idx.scanned; i < events.length; i++) {
      const e = events[i];
      if (e.dir === 'out') sent.push(e);
      if (e.kind === 'request' || e.kind === 'notification') note(idx.methods, e.method, e.dir);
      else if (e.kind === 'batch') for (const it of e.items ?? []) if (it.kind === 'request' || it.kind === 'notification') note(idx.methods, it.method, e.dir);
    }
    if (sent.length) idx.nextId = nextAutoId(sent, idx.nextId);
    idx.scanned = events.length;
    if (idx.firstSeq === 0 && events.length) idx.firstSeq = events[0].seq;
  }
  return idx;
}

/** Re-renders when the session's events change; returns its events (possibly empty). */
export function useSessionEvents(sessionId: string | null): { events: EntryRow[]; version: number } {
  const view = useSessions((s) => (sessionId ? s.sessions[sessionId] : undefined));
  return { events: view?.events ?? EMPTY, version: view?.version ?? 0 };
}

const EMPTY: EntryRow[] = [];

/**
 * What the method lists show, as one comparable string: the names and how often each was sent.
 * How often the target sent a method changes on every batch of a flood and is not part of it,
 * so a flood of notifications re-renders no builder.
 */
function methodsKey(events: EntryRow[]): string {
  let key = '';
  for (const m of indexOf(events).methods.values()) key += `${m.name}\u0000${m.out}\u0001`;
  return key;
}

export function useMethodsSeen(sessionId: string | null): MethodSeen[] {
  const key = useSessions((s) => {
    const v = sessionId ? s.sessions[sessionId] : undefined;
    return v ? methodsKey(v.events) : '';
  });
  return useMemo(() => {
    const events = sessionId ? useSessions.getState().sessions[sessionId]?.events : undefined;
    if (!events || key === '') return [];
    return [...indexOf(events).methods.values()]
      .map((m) => ({ ...m }))
      .sort((a, b) => b.out - a.out || a.name.localeCompare(b.name));
  }, [sessionId, key]);
}

/** The same, read once outside React (a saved batch run in the session numbers its "auto" ids from it). */
export function nextAutoIdNow(sessionId: string, counter: number | undefined): number {
  const v = useSessions.getState().sessions[sessionId];
  return Math.max(v ? indexOf(v.events).nextId : 1, counter ?? 1);
}

/** The id the next auto-numbered request of this session will carry (re-renders only when it changes). */
export function useNextAutoId(sessionId: string | null, counter: number | undefined): number {
  const next = useSessions((s) => {
    const v = sessionId ? s.sessions[sessionId] : undefined;
    return v ? indexOf(v.events).nextId : 1;
  });
  return Math.max(next, counter ?? 1);
}
