'use client';
/**
 * The workspace's middle: the timeline (passed in as it is), the sequence diagram or the plots
 * of the active session, picked with the switcher above. All three read the same filtered rows,
 * so the filter bar applies to whichever shows.
 */
import { useState } from 'react';
import type { SessionView } from '@/components/stores/types';
import { useSessions } from '@/components/stores/sessions';
import { useFullEntry } from '@/components/stores/entry-texts';
import { modeOf, useViews, type ViewMode } from '@/components/stores/views';
import { Segmented } from '@/components/ui/Segmented';
import { Button, Toggle } from '@/components/ui/Button';
import { isConnectableKind } from '@/lib/targets/registry';
import type { SeqLookup } from '@/lib/timeline/status';
import { lanesFor } from '@/lib/views/sequence';
import { sequenceSvg, SVG_MAX_ROWS } from '@/lib/views/sequence-svg';
import { COMPACT_AXIS, SCALED_AXIS } from '@/lib/views/time-axis';
import { SequenceView } from './SequenceView';
import { PlotsView } from './PlotsView';
import { CompareEntries } from './CompareEntries';
import { SessionDiffDialog } from './SessionDiffDialog';

const MODES: { value: ViewMode; label: string; title: string }[] = [
  { value: 'timeline', label: 'Timeline', title: 'Every entry as a table row' },
  { value: 'sequence', label: 'Sequence', title: 'Arrows between the sides, requests joined to their answers' },
  { value: 'plots', label: 'Plots', title: 'Latency per method and messages per second; drag to filter by time' },
];

function download(name: string, text: string): void {
  const url = URL.createObjectURL(new Blob([text], { type: 'image/svg+xml' }));
  const a = document.createElement('a');
  a.href = url;
  a.download = name;
  a.click();
  setTimeout(() => URL.revokeObjectURL(url), 1000);
}

export function ViewArea({ sessionId, view, indexes, lookup, children }: {
  sessionId: string;
  view: SessionView;
  indexes: number[];
  lookup: SeqLookup;
  /** The timeline, as the workspace renders it. */
  children: React.ReactNode;
}) {
  const mode = useViews((s) => modeOf(s, sessionId));
  const setMode = useViews((s) => s.setMode);
  const scaled = useViews((s) => s.scaled);
  const setScaled = useViews((s) => s.setScaled);
  const selectedSeq = useSessions((s) => s.selectedSeq);
  // Compared by body: the selected entry in full (its text fetched when the page has not kept it).
  const selectedEntry = useFullEntry(sessionId, selectedSeq !== null ? lookup(selectedSeq) : undefined);
  const [diffOpen, setDiffOpen] = useState(false);
  const lanes = lanesFor(!isConnectableKind(view.summary.target.kind));

  const exportSvg = () => {
    const svg = sequenceSvg(view.events, indexes, lookup, lanes, scaled ? SCALED_AXIS : COMPACT_AXIS);
    const safe = view.summary.name.replace(/[^\w.-]+/g, '-').slice(0, 60) || 'session';
    download(`${safe}-sequence.svg`, svg);
  };

  return (
    <div className="flex min-h-0 min-w-0 flex-1 flex-col">
      <div className="flex h-8 shrink-0 items-center gap-2 border-b border-line bg-panel px-2">
        <Segmented size="xs" label="View" value={mode} options={MODES} onChange={(m) => setMode(sessionId, m)} />
        {mode === 'sequence' ? (
          <>
            <Toggle on={scaled} onChange={setScaled} title="Space the arrows by the time between them (idle stretches stay collapsed)">Time-scaled</Toggle>
            <Button size="xs" variant="ghost" onClick={exportSvg} title={`The diagram of the shown entries as an SVG file (the first ${SVG_MAX_ROWS.toLocaleString('en-US')})`}>Export SVG</Button>
          </>
        ) : null}
        <span className="flex-1" />
        <CompareEntries sessionName={view.summary.name} selected={selectedEntry} />
        <Button size="xs" variant="ghost" onClick={() => setDiffOpen(true)} title="Align this session with another by method and see what changed">Compare sessions…</Button>
      </div>
      {diffOpen ? <SessionDiffDialog initial={sessionId} onClose={() => setDiffOpen(false)} /> : null}
      {mode === 'timeline' ? children
        : mode === 'sequence' ? <SequenceView view={view} indexes={indexes} lookup={lookup} lanes={lanes} />
        : <PlotsView sessionId={sessionId} view={view} indexes={indexes} lookup={lookup} />}
    </div>
  );
}
