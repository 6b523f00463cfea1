'use client';
/** The sidebar's Collections tab: the active environment, new and imported collections, and their trees. */
import { useEffect, useState } from 'react';
import { useCollections } from '@/components/stores/collections';
import { EnvironmentPicker } from '@/components/environments/EnvironmentPicker';
import { EnvironmentsDialog } from '@/components/environments/EnvironmentsDialog';
import { IconPlus } from '@/components/ui/icons';
import { CollectionNode } from './CollectionNode';
import { CollectionSearch } from './CollectionSearch';
import { ImportCollection } from './ImportCollection';
import { NewNameField, Problem } from './ui';
import { IconButton } from '@/components/ui/Button';
import { PullFromTeam } from '@/components/team-sync/PullFromTeam';
import { useTeamSync } from '@/components/stores/team-sync';

function NewCollection({ onDone }: { onDone(): void }) {
  return (
    <div className="px-3 pb-2">
      <NewNameField
        label="New collection name"
        placeholder="Collection name, then Enter"
        create={(name) => useCollections.getState().create(name)}
        onDone={onDone}
      />
    </div>
  );
}

export function CollectionsPanel() {
  const list = useCollections((s) => s.list);
  const loaded = useCollections((s) => s.loaded);
  const error = useCollections((s) => s.error);
  const [adding, setAdding] = useState(false);

  useEffect(() => {
    void useCollections.getState().load();
  }, []);
  // Every change reloads the list, so the team badges ("team v3 · changed") follow it.
  useEffect(() => {
    void useTeamSync.getState().loadCopies();
  }, [list]);

  return (
    <div className="flex min-h-0 flex-col" data-testid="collections-panel">
      <div className="flex flex-col gap-1.5 border-b border-line px-3 py-2">
        <EnvironmentPicker />
        <ImportCollection />
        <div className="flex items-center gap-1">
          <span className="shrink-0 text-[11px] text-muted">Team</span>
          <PullFromTeam kind="collection" />
        </div>
      </div>
      <div className="flex h-7 items-center px-3 pt-1">
        <h3 className="text-[10.5px] font-semibold tracking-wider text-faint uppercase">Collections · {list.length}</h3>
        <IconButton className="ml-auto text-accent" title="New collection" aria-label="New collection" onClick={() => setAdding(true)}>
          <IconPlus size={13} />
        </IconButton>
      </div>
      {list.length ? <CollectionSearch /> : null}
      {adding ? <NewCollection onDone={() => setAdding(false)} /> : null}
      {error ? <div className="px-3 pb-2"><Problem>{error}</Problem></div> : null}
      {loaded && list.length === 0 && !adding ? (
        <p className="px-3 py-1 text-[12px] leading-relaxed text-faint">
          No collections yet. Press <b>Save</b> next to Send in the request builder or the batch editor, or create one with +.
        </p>
      ) : null}
      <ul role="tree" aria-label="Collections" className="pb-3">
        {list.map((c) => <CollectionNode key={c.id} collection={c} />)}
      </ul>
      <EnvironmentsDialog />
    </div>
  );
}
