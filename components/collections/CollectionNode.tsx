'use client';
/** A collection and its folders as a tree: fold, rename, add a folder, export, delete. */
import { memo, useMemo, useState } from 'react';
import { filterTree } from '@/lib/collections/tree-ops';
import { useDropTarget } from './drag-drop';
import { useCollections, type CollectionInfo, type FolderNode } from '@/components/stores/collections';
import { IconChevronDown, IconChevronRight, IconPlus, IconTrash } from '@/components/ui/icons';
import { ConfirmDelete, InlineName, NewNameField, Problem, IconPencil } from './ui';
import { ItemNode } from './ItemNode';
import { RunFolderButton, RunFolderDialog } from './RunFolder';
import { messageOf } from '@/components/api/client';
import { IconButton } from '@/components/ui/Button';
import { TeamBadge, TeamPushButton, TeamPushStatus } from '@/components/team-sync/TeamPush';

function IconDownload({ size = 12 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinecap="round" strokeLinejoin="round" aria-hidden="true">
      <path d="M8 2.5v8M4.5 7L8 10.5 11.5 7M3 13.5h10" />
    </svg>
  );
}

function IconFolder({ open, size = 13 }: { open: boolean; size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.4} strokeLinejoin="round" aria-hidden="true" className="shrink-0 text-faint">
      {open ? <path d="M1.8 4.2h4l1.3 1.4h6.6v1.6M1.8 4.2v8.3h10.6l1.8-5.3H4" /> : <path d="M1.8 3.8h4.2l1.4 1.5h6.8v7.4H1.8z" />}
    </svg>
  );
}

/** Inline "new folder" field under a collection or folder. */
function NewFolderField({ collectionId, parentId, depth, onDone }: { collectionId: string; parentId: string | null; depth: number; onDone(): void }) {
  return (
    <li role="none" className="py-0.5 pr-2" style={{ paddingLeft: 8 + depth * 12 }}>
      <NewNameField
        label="New folder name"
        placeholder="Folder name"
        create={(name) => useCollections.getState().createFolder(collectionId, name, parentId)}
        onDone={onDone}
      />
    </li>
  );
}

function Children({ collectionId, folders, items, depth, addingFolder, onAdded }: {
  collectionId: string;
  folders: FolderNode[];
  items: FolderNode['items'];
  depth: number;
  addingFolder: boolean;
  onAdded(): void;
}) {
  return (
    <ul role="group">
      {addingFolder ? <NewFolderField collectionId={collectionId} parentId={null} depth={depth} onDone={onAdded} /> : null}
      {folders.map((f) => <FolderView key={f.id} collectionId={collectionId} folder={f} depth={depth} />)}
      {items.map((it) => <ItemNode key={it.id} item={it} depth={depth} />)}
    </ul>
  );
}

const FolderView = memo(function FolderView({ collectionId, folder, depth }: { collectionId: string; folder: FolderNode; depth: number }) {
  // While searching, every folder that holds a match is shown unfolded.
  const open = useCollections((s) => !!s.expanded[folder.id] || !!s.search.trim());
  const toggle = useCollections((s) => s.toggle);
  const [renaming, setRenaming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [running, setRunning] = useState(false);
  const [dropProblem, setDropProblem] = useState<string | null>(null);
  const drop = useDropTarget({ collectionId, folderId: folder.id }, setDropProblem);
  const empty = folder.folders.length === 0 && folder.items.length === 0;
  return (
    <li role="none" data-folder-id={folder.id}>
      <div
        role="treeitem"
        aria-expanded={open}
        aria-selected={false}
        aria-label={`Folder ${folder.name}`}
        tabIndex={0}
        onClick={() => toggle(folder.id)}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(folder.id); }
          if (e.key === 'F2') setRenaming(true);
        }}
        {...drop.props}
        data-drop-over={drop.over || undefined}
        className={`group flex h-6 cursor-pointer items-center gap-1 pr-1 text-[12.5px] hover:bg-hover ${drop.over ? 'outline-2 -outline-offset-2 outline-accent' : ''}`}
        style={{ paddingLeft: 8 + depth * 12 }}
      >
        <span className="text-faint">{open ? <IconChevronDown size={11} /> : <IconChevronRight size={11} />}</span>
        <IconFolder open={open} />
        <InlineName value={folder.name} editing={renaming} onDone={() => setRenaming(false)} label="Folder name" className="flex-1" onSave={(name) => useCollections.getState().renameFolder(collectionId, folder.id, name)} />
        <span className="ml-auto hidden shrink-0 items-center group-hover:flex group-focus-within:flex">
          <RunFolderButton name={folder.name} onOpen={() => setRunning(true)} />
          <IconButton title="New folder inside" aria-label={`New folder in ${folder.name}`} onClick={(e) => { e.stopPropagation(); toggle(folder.id, true); setAdding(true); }}>
            <IconPlus size={12} />
          </IconButton>
          <IconButton title="Rename (F2)" aria-label={`Rename folder ${folder.name}`} onClick={(e) => { e.stopPropagation(); setRenaming(true); }}>
            <IconPencil />
          </IconButton>
          <ConfirmDelete what={`folder ${folder.name} and everything in it`} onConfirm={() => useCollections.getState().deleteFolder(collectionId, folder.id)}>
            <IconTrash size={12} />
          </ConfirmDelete>
        </span>
      </div>
      {dropProblem ? <div className="px-2 pb-1"><Problem>{dropProblem}</Problem></div> : null}
      {running ? <RunFolderDialog collectionId={collectionId} folderId={folder.id} name={folder.name} onClose={() => setRunning(false)} /> : null}
      {open ? (
        <>
          {adding ? <ul role="group"><NewFolderField collectionId={collectionId} parentId={folder.id} depth={depth + 1} onDone={() => setAdding(false)} /></ul> : null}
          {empty && !adding ? <p className="py-0.5 text-[11.5px] text-faint" style={{ paddingLeft: 22 + depth * 12 }}>Empty folder</p> : (
            <Children collectionId={collectionId} folders={folder.folders} items={folder.items} depth={depth + 1} addingFolder={false} onAdded={() => undefined} />
          )}
        </>
      ) : null}
    </li>
  );
});

export const CollectionNode = memo(function CollectionNode({ collection }: { collection: CollectionInfo }) {
  const search = useCollections((s) => s.search.trim());
  const open = useCollections((s) => !!s.expanded[collection.id]) || !!search;
  const fullTree = useCollections((s) => s.trees[collection.id]);
  const filtered = useMemo(() => (fullTree ? filterTree(fullTree, search) : undefined), [fullTree, search]);
  const tree = filtered?.tree;
  const toggle = useCollections((s) => s.toggle);
  const [renaming, setRenaming] = useState(false);
  const [adding, setAdding] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);
  const drop = useDropTarget({ collectionId: collection.id, folderId: null }, setProblem);
  const exportIt = async () => {
    try {
      await useCollections.getState().exportFile(collection.id);
      setProblem(null);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  // A search hides the collections where nothing matches.
  if (search && filtered && filtered.matches === 0) return null;
  return (
    <li role="none" data-collection-id={collection.id}>
      <div
        role="treeitem"
        aria-expanded={open}
        aria-selected={false}
        aria-label={`Collection ${collection.name}`}
        tabIndex={0}
        onClick={() => toggle(collection.id)}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'Enter' || e.key === ' ') { e.preventDefault(); toggle(collection.id); }
          if (e.key === 'F2') setRenaming(true);
        }}
        {...drop.props}
        data-drop-over={drop.over || undefined}
        className={`group flex h-7 cursor-pointer items-center gap-1 pr-1 pl-2 text-[12.5px] font-medium hover:bg-hover ${drop.over ? 'outline-2 -outline-offset-2 outline-accent' : ''}`}
      >
        <span className="text-faint">{open ? <IconChevronDown size={12} /> : <IconChevronRight size={12} />}</span>
        <InlineName value={collection.name} editing={renaming} onDone={() => setRenaming(false)} label="Collection name" className="flex-1" onSave={(name) => useCollections.getState().rename(collection.id, name)} />
        <TeamBadge kind="collection" localId={collection.id} className="group-hover:hidden group-focus-within:hidden" />
        <span className="shrink-0 text-[11px] font-normal text-faint group-hover:hidden group-focus-within:hidden">{collection.itemCount}</span>
        <span className="ml-auto hidden shrink-0 items-center font-normal group-hover:flex group-focus-within:flex">
          <IconButton title="New folder" aria-label={`New folder in ${collection.name}`} onClick={(e) => { e.stopPropagation(); toggle(collection.id, true); setAdding(true); }}>
            <IconPlus size={12} />
          </IconButton>
          <IconButton title="Export as a collection file (secret variable values become {{name}})" aria-label={`Export ${collection.name}`} onClick={(e) => { e.stopPropagation(); void exportIt(); }}>
            <IconDownload />
          </IconButton>
          <TeamPushButton kind="collection" localId={collection.id} name={collection.name} />
          <IconButton title="Rename (F2)" aria-label={`Rename collection ${collection.name}`} onClick={(e) => { e.stopPropagation(); setRenaming(true); }}>
            <IconPencil />
          </IconButton>
          <ConfirmDelete what={`collection ${collection.name}`} onConfirm={() => useCollections.getState().remove(collection.id)}>
            <IconTrash size={12} />
          </ConfirmDelete>
        </span>
      </div>
      {problem ? <div className="px-2 pb-1"><Problem>{problem}</Problem></div> : null}
      <TeamPushStatus kind="collection" localId={collection.id} />
      {open ? (
        tree ? (
          tree.folders.length === 0 && tree.items.length === 0 && !adding ? (
            <p className="py-1 pr-2 pl-6 text-[11.5px] leading-snug text-faint">Empty. Use <b>Save</b> in the request builder or the batch editor to add the current message here.</p>
          ) : (
            <Children collectionId={collection.id} folders={tree.folders} items={tree.items} depth={1} addingFolder={adding} onAdded={() => setAdding(false)} />
          )
        ) : (
          <p className="py-1 pl-6 text-[11.5px] text-faint">Loading…</p>
        )
      ) : null}
    </li>
  );
});
