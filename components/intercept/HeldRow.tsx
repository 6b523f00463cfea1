'use client';
/**
 * One held message: which way it goes, what it is, how long it has waited (a running timer), who
 * waits because of it, and Forward / Drop — or Edit, which opens the JSON editor with its text and
 * offers Forward edited. Peer text is only ever shown as text (the editor, a title).
 */
import { useState } from 'react';
import type { HeldMessage } from '@/lib/intercept/wire';
import { directionArrow, heldFor, laneWords, waitingWords } from '@/lib/intercept/words';
import { JsonEditor } from '@/components/editor/JsonEditor';
import { Button } from '@/components/ui/Button';
import { useSessions } from '@/components/stores/sessions';

export function HeldRow({ h, now, busy, onForward, onDrop }: {
  h: HeldMessage;
  now: number;
  busy: boolean;
  onForward(text?: string): Promise<boolean>;
  onDrop(): Promise<boolean>;
}) {
  const select = useSessions((s) => s.select);
  const [draft, setDraft] = useState<string | null>(null);
  const what = `${h.method ?? h.kind}${h.idText !== undefined ? ` (id ${h.idText})` : ''}`;
  return (
    <li className="border-b border-line px-3 py-1.5" data-testid="held-message" data-hold={h.hold} data-kind={h.kind}>
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[12px]">
        {h.seq ? (
          <button type="button" className="font-mono text-[11.5px] text-accent hover:underline" onClick={() => select(h.seq)} title="Select this entry in the timeline">
            #{h.seq}
          </button>
        ) : null}
        <span className="text-muted">{directionArrow(h.dir)}</span>
        <span className="font-mono font-medium">{what}</span>
        <span className="text-[11px] text-faint">{h.kind}</span>
        <span className="font-mono text-warn" data-testid="held-timer" title="Held for">held {heldFor(now - h.since)}</span>
        {h.behind ? <span className="text-[11px] text-faint" data-testid="held-behind">{h.behind} waiting behind it {laneWords(h.lane, h.dir)}</span> : null}
        <span className="ml-auto flex gap-1">
          {draft === null ? (
            <>
              <Button size="xs" variant="primary" disabled={busy} onClick={() => void onForward()}>Forward</Button>
              <Button size="xs" disabled={busy || h.text === undefined} title={h.text === undefined ? 'too large to edit here: forward or drop it' : undefined} onClick={() => setDraft(h.text ?? '')}>Edit…</Button>
              <Button size="xs" variant="danger" disabled={busy} onClick={() => void onDrop()}>Drop</Button>
            </>
          ) : (
            <>
              <Button size="xs" variant="primary" disabled={busy} onClick={() => void onForward(draft).then((ok) => ok && setDraft(null))}>Forward edited</Button>
              <Button size="xs" variant="ghost" onClick={() => setDraft(null)}>Cancel edit</Button>
            </>
          )}
        </span>
      </div>
      <div className="mt-0.5 text-[11.5px] text-warn" data-testid="held-waiting">{waitingWords(h)}</div>
      {draft !== null ? (
        <div className="mt-1 h-40 overflow-hidden rounded border border-line">
          <JsonEditor value={draft} onChange={setDraft} aria-label={`Edit held message ${h.hold}`} allowEmpty testId="held-editor" className="h-full" />
        </div>
      ) : null}
    </li>
  );
}
