/**
 * Shape of the client-side session state (components/stores/sessions.ts implements it with zustand).
 * Builder, batch editor, timeline and inspector all read from it; only the bridge client writes events.
 */
import type { EventPatch, SessionSummary, TargetSpec, TrafficEvent } from '@/lib/session/types';
import type { ChangeLog } from '@/lib/timeline/changes';
import type { EntryRow } from '@/lib/timeline/row';
import type { SeqPositions } from '@/lib/timeline/seq-index';

export interface SessionView {
  summary: SessionSummary;
  /** Events in seq order (index = position, not seq), without their wire text (components/stores/entry-texts.ts). */
  events: EntryRow[];
  /** seq → index into events, for pairing jumps and patches (arithmetic over `events`, no entry per row). */
  indexBySeq: SeqPositions;
  /** Entries replaced in place (patches, replays) and out-of-order inserts, for incremental filters. */
  changes: ChangeLog;
  /** Bumped on every change so selectors can re-render cheaply. */
  version: number;
  /** Entries the page is behind a live session it could not keep up with (catching up from the store). */
  behind?: number;
  /**
   * The view is being filled from row pages (components/stores/row-pages.ts): it holds fewer entries
   * than the session has, and the timeline says so instead of showing a count that is not the session's.
   */
  filling?: boolean;
}

export interface SessionsState {
  bridge: 'connecting' | 'open' | 'closed';
  sessions: Record<string, SessionView>;
  order: string[];
  activeId: string | null;
  selectedSeq: number | null;
  setActive(id: string | null): void;
  select(seq: number | null): void;
  /** POST /api/sessions, then subscribe. Resolves with the new session id or rejects with the server's plain-words error. */
  connect(target: TargetSpec, name?: string): Promise<string>;
  /** Send one message text exactly as given; resolves with the recorded seq of the `out` event. */
  /** With `environmentId`, `{{variables}}` in the text are filled in by the server (secrets included). */
  /** `to`/`conn`: a tap session's side and relayed WebSocket to inject into (server/api.ts sends it into the conversation; components/stores/inject-to.ts). */
  send(sessionId: string, text: string, environmentId?: string, to?: 'server' | 'client', conn?: number): Promise<number>;
  close(sessionId: string): Promise<void>;
  /** Bridge client calls these. */
  applyEvents(sessionId: string, events: TrafficEvent[]): void;
  applyPatches(sessionId: string, patches: EventPatch[]): void;
  upsertSummary(summary: SessionSummary): void;
}
