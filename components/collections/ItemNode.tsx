'use client';
/** One saved item in the tree: kind, name, Run; unfolded, its text with variables marked, and edits. */
import { memo, useMemo, useState } from 'react';
import { itemMessageText } from '@/lib/collections/run';
import { useCollections, type CollectionItem } from '@/components/stores/collections';
import { activeEnvironment, useEnvironments } from '@/components/stores/environments';
import { useSessions } from '@/components/stores/sessions';
import { useBuilder } from '@/components/stores/builder';
import { useBatch } from '@/components/stores/batch';
import { decomposeBatch } from '@/lib/builder/decompose';
import { autoIdsOf } from '@/lib/collections/auto-ids';
import { useUi } from '@/components/stores/ui';
import { usePreferences } from '@/components/stores/preferences';
import { describeTarget, targetKindLabel } from '@/lib/targets/registry';
import { Button } from '@/components/ui/Button';
import { IconCopy, IconTrash } from '@/components/ui/icons';
import { ConfirmDelete, InlineName, Problem, Spinner, IconPencil } from './ui';
import { VarText, unknownVariables } from './VarText';
import { defaultWhere, useRunItem, type RunState } from './useRunItem';
import { messageOf } from '@/components/api/client';
import { TextArea } from '@/components/ui/Field';
import { MoveMenu } from './MoveMenu';
import { dragItemProps } from './drag-drop';
import { IconButton } from '@/components/ui/Button';

const KIND_LOOK: Record<CollectionItem['kind'], string> = {
  request: 'text-out',
  batch: 'text-pending',
  raw: 'text-warn',
};

function IconPlay({ size = 12 }: { size?: number }) {
  return (
    <svg width={size} height={size} viewBox="0 0 16 16" aria-hidden="true" fill="currentColor">
      <path d="M4.5 3.2v9.6a.6.6 0 00.92.5l7.4-4.8a.6.6 0 000-1L5.42 2.7a.6.6 0 00-.92.5z" />
    </svg>
  );
}

function RunStatus({ status }: { status: RunState }) {
  if (status.state === 'running') return <Spinner label="Sending…" />;
  if (status.state === 'failed') return <Problem testId="run-error">{status.error}</Problem>;
  if (status.state === 'done') {
    return (
      <p className="text-[11.5px] text-ok" role="status" data-testid="run-done">
        Sent as #{status.seq}{status.sessionName ? ` in ${status.newSession ? 'new session ' : ''}${status.sessionName}` : ''}: see the timeline.
      </p>
    );
  }
  return null;
}

export const ItemNode = memo(function ItemNode({ item, depth }: { item: CollectionItem; depth: number }) {
  const open = useCollections((s) => s.openItem === item.id);
  const setOpenItem = useCollections((s) => s.setOpenItem);
  const hasLive = useSessions((s) => {
    const v = s.activeId ? s.sessions[s.activeId] : undefined;
    return !!v && (v.summary.status === 'open' || v.summary.status === 'connecting');
  });
  const [renaming, setRenaming] = useState(false);
  const { status, run } = useRunItem(item);
  const where = defaultWhere(item, hasLive);
  const [rowProblem, setRowProblem] = useState<string | null>(null);
  const duplicate = async () => {
    try {
      const copy = await useCollections.getState().duplicateItem(item.collectionId, item.id);
      setRowProblem(null);
      useCollections.getState().setOpenItem(copy.id);
    } catch (err) {
      setRowProblem(messageOf(err));
    }
  };
  const runTitle = where === 'session' ? 'Run in the current session' : where === 'target' ? `Run on its own target (${describeTarget(item.target!)})` : 'Connect to a target first: this item has no target of its own';

  return (
    <li role="none" data-item-id={item.id}>
      <div
        role="treeitem"
        aria-expanded={open}
        aria-selected={open}
        aria-label={`${item.name} (${item.kind})`}
        tabIndex={0}
        {...dragItemProps(item)}
        onClick={() => setOpenItem(open ? null : item.id)}
        onKeyDown={(e) => {
          if (e.target !== e.currentTarget) return;
          if (e.key === 'Enter' || e.key === ' ') {
            e.preventDefault();
            setOpenItem(open ? null : item.id);
          }
          if (e.key === 'F2') setRenaming(true);
        }}
        className={`group flex h-6 cursor-pointer items-center gap-1.5 pr-1 text-[12.5px] ${open ? 'bg-sel' : 'hover:bg-hover'}`}
        style={{ paddingLeft: 8 + depth * 12 }}
      >
        <span className={`w-9 shrink-0 font-mono text-[10px] font-semibold uppercase ${KIND_LOOK[item.kind]}`}>{item.kind === 'request' ? 'req' : item.kind}</span>
        <InlineName value={item.name} editing={renaming} onDone={() => setRenaming(false)} label="Item name" className="flex-1" onSave={(name) => useCollections.getState().updateItem(item.collectionId, item.id, { name }).then(() => undefined)} />
        {item.target ? <span className="shrink-0 text-[10px] text-faint" title={`Own target: ${describeTarget(item.target)}`}>{targetKindLabel(item.target.kind)}</span> : null}
        <span className="ml-auto hidden shrink-0 items-center group-hover:flex group-focus-within:flex">
          <IconButton title="Rename (F2)" aria-label={`Rename ${item.name}`} onClick={(e) => { e.stopPropagation(); setRenaming(true); }}>
            <IconPencil />
          </IconButton>
          <IconButton title="Duplicate" aria-label={`Duplicate ${item.name}`} onClick={(e) => { e.stopPropagation(); void duplicate(); }}>
            <IconCopy size={12} />
          </IconButton>
          <ConfirmDelete what={item.name} onConfirm={() => useCollections.getState().deleteItem(item.collectionId, item.id)}>
            <IconTrash size={12} />
          </ConfirmDelete>
        </span>
        <IconButton
          type="button"
          aria-label={`Run ${item.name}`}
          title={runTitle}
          disabled={!where || status.state === 'running'}
          onClick={(e) => { e.stopPropagation(); if (where) void run(where); }}
          className="shrink-0 text-ok hover:text-ok"
        >
          <IconPlay />
        </IconButton>
      </div>
      {rowProblem ? <div className="px-2 py-1" style={{ paddingLeft: 8 + depth * 12 }}><Problem>{rowProblem}</Problem></div> : null}
      {status.state !== 'idle' && !open ? <div className="px-2 py-1" style={{ paddingLeft: 8 + depth * 12 }}><RunStatus status={status} /></div> : null}
      {open ? <ItemDetails item={item} depth={depth} status={status} run={run} hasLive={hasLive} /> : null}
    </li>
  );
});

function ItemDetails({ item, depth, status, run, hasLive }: {
  item: CollectionItem;
  depth: number;
  status: RunState;
  run(where: 'session' | 'target'): Promise<void>;
  hasLive: boolean;
}) {
  const env = useEnvironments(activeEnvironment);
  const text = useMemo(() => itemMessageText(item.payload), [item.payload]);
  const vars = env ? env.variables : null;
  const unknown = useMemo(() => unknownVariables(text, vars), [text, vars]);
  const [editing, setEditing] = useState(false);
  const [draft, setDraft] = useState(text);
  const [problem, setProblem] = useState<string | null>(null);

  const saveText = async () => {
    try {
      // A batch keeps which entries are "auto" (lib/collections/auto-ids.ts) through an edit of its text.
      const autoIds = autoIdsOf(item.payload);
      await useCollections.getState().updateItem(item.collectionId, item.id, { payload: autoIds.length ? { text: draft, autoIds } : { text: draft } });
      setEditing(false);
      setProblem(null);
    } catch (err) {
      setProblem(messageOf(err));
    }
  };
  const openInBuilder = () => {
    useBuilder.getState().setDraft({ mode: 'raw', rawText: text, loadedFrom: undefined });
    useUi.getState().setComposerTab('request');
    usePreferences.getState().setComposerOpen(true);
  };
  // A batch opens as batch-editor entries: its "auto" entries numbered from the session's next id.
  const batchEntries = useMemo(() => (item.kind === 'batch' ? decomposeBatch(text) : null), [item.kind, text]);
  const openInBatchEditor = () => {
    if (!batchEntries) return;
    useBatch.getState().loadSaved(batchEntries, autoIdsOf(item.payload), item.name);
    useUi.getState().setComposerTab('batch');
    usePreferences.getState().setComposerOpen(true);
  };

  return (
    <div className="border-y border-line bg-panel-2/60 py-2 pr-2 text-[12px]" style={{ paddingLeft: 12 + depth * 12 }} data-testid="item-details">
      {editing ? (
        <TextArea
          code
          aria-label="Item text"
          spellCheck={false}
          value={draft}
          onChange={(e) => setDraft(e.target.value)}
          onKeyDown={(e) => {
            if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') void saveText();
            if (e.key === 'Escape') setEditing(false);
          }}
          className="h-28 w-full"
        />
      ) : (
        <pre className="max-h-36 overflow-auto rounded border border-line bg-bg p-1.5 text-[11.5px] leading-snug" data-testid="item-text">
          <VarText text={text} vars={vars} />
        </pre>
      )}
      {unknown.length ? (
        <p className="mt-1 text-[11.5px] text-err" data-testid="unknown-vars">
          {env ? `Not defined in ${env.name}: ` : 'No environment is active, so these have no value: '}
          {unknown.map((n) => `{{${n}}}`).join(', ')}. A run is refused until they are.
        </p>
      ) : null}
      {item.target ? (
        <p className="mt-1 truncate text-[11.5px] text-muted" title={describeTarget(item.target)}>
          Own target: <span className="font-mono">{targetKindLabel(item.target.kind)} {describeTarget(item.target)}</span>
        </p>
      ) : null}
      <div className="mt-1.5 flex flex-wrap items-center gap-1">
        <Button size="xs" variant="primary" disabled={!hasLive || status.state === 'running'} onClick={() => void run('session')} title={hasLive ? 'Send it in the active live session' : 'No live session is active'}>
          Run in session
        </Button>
        {item.target ? (
          <Button size="xs" disabled={status.state === 'running'} onClick={() => void run('target')} title="Open a new session to the item's own target and send it there">
            Run on its target
          </Button>
        ) : null}
        {editing ? (
          <>
            <Button size="xs" onClick={() => void saveText()}>Save text</Button>
            <Button size="xs" variant="ghost" onClick={() => { setEditing(false); setDraft(text); }}>Cancel</Button>
          </>
        ) : (
          <>
            <Button size="xs" variant="ghost" onClick={() => { setDraft(text); setEditing(true); }}>Edit</Button>
            {batchEntries ? (
              <Button size="xs" variant="ghost" onClick={openInBatchEditor} title="Open the entries in the batch editor (auto ids numbered for this session)">To batch editor</Button>
            ) : (
              <Button size="xs" variant="ghost" onClick={openInBuilder} title="Put the text in the request builder (Raw mode)">To builder</Button>
            )}
          </>
        )}
        <MoveMenu item={item} onProblem={setProblem} />
      </div>
      <div className="mt-1.5 flex flex-col gap-1">
        <RunStatus status={status} />
        <Problem>{problem}</Problem>
      </div>
    </div>
  );
}
