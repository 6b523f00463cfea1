'use client';
/**
 * "Save" next to Send in the builder and the batch editor: one popover to pick the collection and
 * folder (the last ones used are preselected), a name that defaults to the method, and whether the
 * session's target goes with the item. The exact text that would be sent is what is saved.
 */
import { useCallback, useEffect, useMemo, useRef, useState } from 'react';
import { flattenFolders, useCollections, type ItemKind } from '@/components/stores/collections';
import { activeEnvironment, useEnvironments } from '@/components/stores/environments';
import { useSessions } from '@/components/stores/sessions';
import { describeTarget, targetKindLabel } from '@/lib/targets/registry';
import { Button } from '@/components/ui/Button';
import { Problem } from './ui';
import { Popover } from '@/components/ui/Popover';
import { VarText } from './VarText';
import { messageOf } from '@/components/api/client';
import { Select, TextInput } from '@/components/ui/Field';
import { batchPayload } from '@/lib/collections/auto-ids';

const LAST_KEY = 'rpcscope.collections.lastSave';
const NEW = '__new__';

function recallLast(): { collectionId?: string; folderId?: string } {
  try {
    const v: unknown = JSON.parse(window.localStorage.getItem(LAST_KEY) ?? '{}');
    return v && typeof v === 'object' ? (v as { collectionId?: string; folderId?: string }) : {};
  } catch {
    return {};
  }
}

function rememberLast(collectionId: string, folderId: string): void {
  try {
    window.localStorage.setItem(LAST_KEY, JSON.stringify({ collectionId, folderId }));
  } catch {
    // not remembered
  }
}

export interface SaveToCollectionProps {
  kind: ItemKind;
  /** The exact text to save; undefined while the message cannot be composed. */
  text: string | undefined;
  defaultName: string;
  sessionId: string | null;
  /** Why there is nothing to save yet (shown as the button's tooltip). */
  blockedReason?: string;
  /** An icon-only button, for crowded toolbars. */
  compact?: boolean;
  /** Batches: positions of the entries whose id is "auto", numbered afresh at each load or run. */
  autoIds?: readonly number[];
}

function IconBookmark({ size = 13 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" fill="none" stroke="currentColor" strokeWidth={1.6} strokeLinejoin="round" aria-hidden="true">
      <path d="M4 2.5h8v11l-4-2.8-4 2.8z" />
    </svg>
  );
}

function SaveForm({ kind, text, defaultName, sessionId, autoIds = [], onSaved }: Omit<SaveToCollectionProps, 'blockedReason' | 'text' | 'compact'> & { text: string; onSaved(message: string): void }) {
  const list = useCollections((s) => s.list);
  const trees = useCollections((s) => s.trees);
  const target = useSessions((s) => (sessionId ? s.sessions[sessionId]?.summary.target : undefined));
  const env = useEnvironments(activeEnvironment);
  const [collectionId, setCollectionId] = useState<string>(() => {
    const last = recallLast().collectionId;
    return last && list.some((c) => c.id === last) ? last : list[0]?.id ?? NEW;
  });
  const [folderId, setFolderId] = useState<string>(() => recallLast().folderId ?? '');
  const [touched, setTouched] = useState(false);
  // The list may arrive after the popover opened: pick a collection then, unless the user chose.
  useEffect(() => {
    if (touched || collectionId !== NEW || list.length === 0) return;
    const last = recallLast().collectionId;
    setCollectionId(last && list.some((c) => c.id === last) ? last : list[0].id);
  }, [list, touched, collectionId]);
  const [newCollection, setNewCollection] = useState('');
  const [name, setName] = useState(defaultName);
  const [withTarget, setWithTarget] = useState(false);
  const [busy, setBusy] = useState(false);
  const [problem, setProblem] = useState<string | null>(null);

  useEffect(() => {
    if (collectionId !== NEW && !trees[collectionId]) void useCollections.getState().loadTree(collectionId).catch(() => undefined);
  }, [collectionId, trees]);
  const folders = useMemo(() => (collectionId !== NEW && trees[collectionId] ? flattenFolders(trees[collectionId]) : []), [collectionId, trees]);
  const folderValid = folderId === '' || folders.some((f) => f.folder.id === folderId);

  const save = async () => {
    if (busy) return;
    setBusy(true);
    setProblem(null);
    try {
      const store = useCollections.getState();
      const cid = collectionId === NEW ? (await store.create(newCollection.trim() || 'My requests')).id : collectionId;
      const fid = collectionId === NEW || !folderValid ? '' : folderId;
      await store.addItem(cid, {
        kind,
        name: name.trim() || defaultName,
        payload: kind === 'batch' ? batchPayload(text, autoIds) : { text },
        ...(withTarget && target ? { target } : {}),
        folderId: fid || null,
      });
      rememberLast(cid, fid);
      const where = useCollections.getState().list.find((c) => c.id === cid)?.name ?? 'the collection';
      const folder = fid ? folders.find((f) => f.folder.id === fid)?.path : undefined;
      onSaved(`Saved to ${where}${folder ? ` / ${folder}` : ''}`);
    } catch (err) {
      setProblem(messageOf(err));
    } finally {
      setBusy(false);
    }
  };

  return (
    <form
      className="flex flex-col gap-2 text-[12px]"
      aria-label="Save to collection"
      onSubmit={(e) => {
        e.preventDefault();
        void save();
      }}
    >
      <label className="flex flex-col gap-0.5">
        <span className="text-[11px] text-muted">Collection</span>
        <Select aria-label="Collection" value={collectionId} onChange={(e) => { setTouched(true); setCollectionId(e.target.value); setFolderId(''); }}>
          {list.map((c) => <option key={c.id} value={c.id}>{c.name}</option>)}
          <option value={NEW}>New collection…</option>
        </Select>
      </label>
      {collectionId === NEW ? (
        <TextInput aria-label="New collection name" placeholder="My requests" maxLength={200} value={newCollection} onChange={(e) => setNewCollection(e.target.value)} />
      ) : folders.length ? (
        <label className="flex flex-col gap-0.5">
          <span className="text-[11px] text-muted">Folder</span>
          <Select aria-label="Folder" value={folderValid ? folderId : ''} onChange={(e) => setFolderId(e.target.value)}>
            <option value="">(collection root)</option>
            {folders.map(({ folder, depth }) => <option key={folder.id} value={folder.id}>{`${'\u00a0\u00a0'.repeat(depth)}${folder.name}`}</option>)}
          </Select>
        </label>
      ) : null}
      <label className="flex flex-col gap-0.5">
        <span className="text-[11px] text-muted">Name</span>
        <TextInput aria-label="Item name" data-autofocus maxLength={200} value={name} onChange={(e) => setName(e.target.value)} />
      </label>
      {target ? (
        <label className="flex items-start gap-1.5" title={describeTarget(target)}>
          <input type="checkbox" className="mt-0.5" checked={withTarget} onChange={(e) => setWithTarget(e.target.checked)} />
          <span className="min-w-0">
            Keep this session&apos;s target with it
            <span className="block truncate font-mono text-[11px] text-faint">{targetKindLabel(target.kind)} {describeTarget(target)}</span>
          </span>
        </label>
      ) : null}
      <pre className="max-h-24 overflow-auto rounded border border-line bg-panel p-1.5 text-[11px] leading-snug" aria-label="Text to save">
        <VarText text={text} vars={env ? env.variables : null} />
      </pre>
      <Problem>{problem}</Problem>
      <div className="flex items-center gap-2">
        <span className="text-[11px] text-faint">{kind}</span>
        <Button type="submit" variant="primary" size="xs" className="ml-auto" disabled={busy} data-testid="save-item">
          {busy ? 'Saving…' : 'Save'}
        </Button>
      </div>
    </form>
  );
}

export function SaveToCollection({ kind, text, defaultName, sessionId, blockedReason, compact = false, autoIds }: SaveToCollectionProps) {
  const [open, setOpen] = useState(false);
  const [done, setDone] = useState<string | null>(null);
  const close = useCallback(() => setOpen(false), []);
  const anchor = useRef<HTMLSpanElement>(null);
  useEffect(() => {
    if (!done) return;
    const t = setTimeout(() => setDone(null), 2500);
    return () => clearTimeout(t);
  }, [done]);
  const toggle = () => {
    if (!open) void useCollections.getState().load();
    setOpen(!open);
  };
  return (
    <span ref={anchor} className="inline-flex items-center">
      <Button
        size="xs"
        onClick={toggle}
        disabled={text === undefined}
        aria-expanded={open}
        title={text === undefined ? (blockedReason ?? 'Nothing to save yet') : done ?? 'Save this message to a collection'}
        aria-label={compact ? 'Save to collection' : undefined}
        data-testid="save-to-collection"
        data-saved={done ? 'true' : undefined}
      >
        {compact ? (done ? <span aria-hidden>✓</span> : <IconBookmark />) : done ? '✓ Saved' : 'Save'}
      </Button>
      {done ? <span role="status" className="sr-only">{done}</span> : null}
      <Popover open={open && text !== undefined} onClose={close} anchor={anchor} label="Save to collection" width={300}>
        {text !== undefined ? (
          <SaveForm kind={kind} text={text} defaultName={defaultName} sessionId={sessionId} autoIds={autoIds} onSaved={(m) => { setDone(m); setOpen(false); }} />
        ) : null}
      </Popover>
    </span>
  );
}
