'use client';
/**
 * "Compare with…" on any two entries: mark the selected one, select another (in this session or
 * any other), and see the JSON diff of the two messages.
 */
import { useState } from 'react';
import type { TrafficEvent } from '@/lib/session/types';
import { Button } from '@/components/ui/Button';
import { Dialog } from '@/components/ui/Dialog';
import { compareEntries } from '@/lib/views/session-diff';
import { ChangeList } from './ChangeList';

interface Mark {
  sessionName: string;
  ev: TrafficEvent;
}

export function CompareEntries({ sessionName, selected }: { sessionName: string; selected: TrafficEvent | undefined }) {
  const [mark, setMark] = useState<Mark | null>(null);
  const [shown, setShown] = useState<{ a: Mark; b: Mark } | null>(null);
  const same = mark && selected && mark.ev === selected;
  return (
    <>
      {mark && selected && !same ? (
        <Button size="xs" variant="secondary" onClick={() => setShown({ a: mark, b: { sessionName, ev: selected } })}>Compare #{mark.ev.seq} with #{selected.seq}</Button>
      ) : null}
      {selected && !same ? (
        <Button size="xs" variant="ghost" onClick={() => setMark({ sessionName, ev: selected })} title="Remember this entry, select another, then compare the two">
          Compare #{selected.seq} with…
        </Button>
      ) : null}
      {mark ? <Button size="xs" variant="link" onClick={() => setMark(null)}>Forget #{mark.ev.seq}</Button> : null}
      {shown ? (
        <Dialog title={`#${shown.a.ev.seq} (${shown.a.sessionName}) against #${shown.b.ev.seq} (${shown.b.sessionName})`} onClose={() => setShown(null)} width={760} testId="compare-entries">
          {(() => {
            const d = compareEntries(shown.a.ev, shown.b.ev);
            return <div className="p-3"><ChangeList changes={d.changes} more={d.more} /></div>;
          })()}
        </Dialog>
      ) : null}
    </>
  );
}
