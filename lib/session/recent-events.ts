/**
 * What the pipeline remembers of its recent events, so a finding about an earlier message (a
 * lifecycle rule, a timeout) can be sent as that event's patch, and a later message can ask what an
 * earlier one was (the request a timeout cancels, the method a stream answers).
 *
 * Not the events themselves: an event holds its wire text (a slice that keeps the whole chunk's
 * text alive), its members and its decoded error, and a ring of 4096 of them was what every young
 * collection of a flood copied and then promoted — a third of the pipeline's time. A slot here is a
 * fixed-shape record, made once and refilled when its slot comes round again, that keeps only the
 * members asked about and the findings list (a patch carries the whole new list).
 */
import type { Direction, EventKind, Finding, JsonRpcId, TrafficEvent } from './types';

/** Recent events kept so a lifecycle finding about an earlier message can be patched onto it. */
export const RECENT = 4096;

const NO_FINDINGS: Finding[] = [];

/** The members of a recent event the pipeline reads again. Valid until its slot is reused. */
export class RecentEvent {
  seq = 0;
  dir: Direction = 'meta';
  kind: EventKind = 'connection';
  id: JsonRpcId | undefined = undefined;
  idText: string | undefined = undefined;
  method: string | undefined = undefined;
  /** The event's findings as last sent (the event's own list until a patch replaces it). */
  findings: Finding[] = NO_FINDINGS;
}

export class RecentEvents {
  /** Slot `seq % RECENT` holds the newest remembered event that maps to it; made on first use. */
  private readonly slots: (RecentEvent | undefined)[] = new Array(RECENT);

  remember(event: TrafficEvent): void {
    const i = event.seq % RECENT;
    const r = (this.slots[i] ??= new RecentEvent());
    r.seq = event.seq;
    r.dir = event.dir;
    r.kind = event.kind;
    r.id = event.id;
    r.idText = event.idText;
    r.method = event.method;
    r.findings = event.findings;
  }

  get(seq: number): RecentEvent | undefined {
    const r = this.slots[seq % RECENT];
    return r !== undefined && r.seq === seq ? r : undefined;
  }
}
