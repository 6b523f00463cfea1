'use client';
/**
 * Import a collection file or an OpenRPC document from disk. All or nothing: a refusal lists each
 * bad entry with the reason, and nothing was created.
 */
import { useRef, useState } from 'react';
import { parseCollectionFile } from '@/lib/collections/parse';
import { useCollections, type ImportResult } from '@/components/stores/collections';
import { ApiError, messageOf, type EntryProblem } from '@/components/api/client';
import { Button } from '@/components/ui/Button';
import { Spinner } from './ui';

/** The server refuses larger files anyway; reading one this big would only freeze the tab. */
const MAX_FILE_BYTES = 40 * 1024 * 1024;


type Outcome =
  | { state: 'idle' }
  | { state: 'busy'; file: string }
  | { state: 'ok'; file: string; result: ImportResult }
  | { state: 'failed'; file: string; error: string; entries: EntryProblem[] };

export function ImportCollection() {
  const fileRef = useRef<HTMLInputElement>(null);
  const openRpcRef = useRef<HTMLInputElement>(null);
  const [outcome, setOutcome] = useState<Outcome>({ state: 'idle' });

  const importFrom = async (input: HTMLInputElement, kind: 'collection' | 'openrpc') => {
    const file = input.files?.[0];
    input.value = ''; // picking the same file again still fires
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) {
      setOutcome({ state: 'failed', file: file.name, error: 'nothing was imported: the file is larger than 40 MiB', entries: [] });
      return;
    }
    setOutcome({ state: 'busy', file: file.name });
    try {
      const text = await file.text();
      if (kind === 'collection') {
        // Checked here first for an instant answer; the server checks again before writing.
        const parsed = parseCollectionFile(text);
        if (!parsed.ok) {
          setOutcome({ state: 'failed', file: file.name, error: parsed.error, entries: parsed.errors });
          return;
        }
      }
      const store = useCollections.getState();
      const result = kind === 'collection' ? await store.importFile(text) : await store.importOpenRpc(text);
      setOutcome({ state: 'ok', file: file.name, result });
    } catch (err) {
      setOutcome({ state: 'failed', file: file.name, error: messageOf(err), entries: err instanceof ApiError ? err.entries : [] });
    }
  };

  return (
    <div className="flex flex-col gap-1.5">
      <div className="flex items-center gap-1">
        <span className="shrink-0 text-[11px] text-muted">Import</span>
        <Button size="xs" onClick={() => fileRef.current?.click()} title="A .rpcscope-collection.json file (all or nothing)">
          Collection file…
        </Button>
        <Button size="xs" onClick={() => openRpcRef.current?.click()} title="An OpenRPC document: one item per method, params from its examples">
          OpenRPC…
        </Button>
        <input ref={fileRef} type="file" accept=".json,application/json" className="hidden" aria-label="Collection file to import" data-testid="import-collection-input" onChange={(e) => void importFrom(e.currentTarget, 'collection')} />
        <input ref={openRpcRef} type="file" accept=".json,application/json" className="hidden" aria-label="OpenRPC document to import" data-testid="import-openrpc-input" onChange={(e) => void importFrom(e.currentTarget, 'openrpc')} />
      </div>
      {outcome.state === 'busy' ? <Spinner label={`Importing ${outcome.file}…`} /> : null}
      {outcome.state === 'ok' ? (
        <p role="status" className="flex items-start gap-1 text-[11.5px] text-ok">
          <span className="min-w-0 flex-1 break-words">
            Imported “{outcome.result.collection.name}”: {outcome.result.counts.items} item{outcome.result.counts.items === 1 ? '' : 's'}, {outcome.result.counts.folders} folder{outcome.result.counts.folders === 1 ? '' : 's'}.
          </span>
          <button type="button" className="text-muted hover:text-fg" aria-label="Dismiss" onClick={() => setOutcome({ state: 'idle' })}>✕</button>
        </p>
      ) : null}
      {outcome.state === 'failed' ? (
        <div role="alert" className="rounded border border-err/40 bg-err-bg px-2 py-1 text-[11.5px] text-err" data-testid="import-error">
          <div className="flex items-start gap-1">
            <span className="min-w-0 flex-1 break-words">
              <b>{outcome.file}</b>: {outcome.entries.length ? `nothing was imported, ${outcome.entries.length} problem${outcome.entries.length === 1 ? '' : 's'}:` : outcome.error}
            </span>
            <button type="button" className="text-muted hover:text-fg" aria-label="Dismiss" onClick={() => setOutcome({ state: 'idle' })}>✕</button>
          </div>
          {outcome.entries.length ? (
            <ul className="mt-1 flex flex-col gap-0.5">
              {outcome.entries.map((e, i) => (
                <li key={i} className="break-words"><span className="font-mono">{e.entry}</span>: {e.message}</li>
              ))}
            </ul>
          ) : null}
          <p className="mt-1 text-muted">Nothing was changed.</p>
        </div>
      ) : null}
    </div>
  );
}
