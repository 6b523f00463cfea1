'use client';
/**
 * The session's OpenRPC documents: load one by calling `rpc.discover` on the target, from a URL or
 * from a file; see each document's problems in plain words; remove one. Documents are remembered
 * for the target, so the next session to it starts with them.
 */
import { useRef, useState, type ChangeEvent } from 'react';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { useOpenRpcMethodSource, useOpenRpcSession } from './hooks';
import { useOpenRpc, type ListedDocument } from './store';

const MAX_FILE_BYTES = 5 * 1024 * 1024;
const PROBLEMS_SHOWN = 8;

export function OpenRpcSection({ sessionId, live }: { sessionId: string; live: boolean }) {
  const entry = useOpenRpcSession(sessionId);
  useOpenRpcMethodSource(sessionId);
  const [url, setUrl] = useState('');
  // Off by default: a pasted URL (or a redirect it takes) must not reach into this machine or its network unasked.
  const [allowPrivate, setAllowPrivate] = useState(false);
  const [fileError, setFileError] = useState<string | null>(null);
  const fileRef = useRef<HTMLInputElement>(null);
  const docs = entry.listing?.documents ?? [];
  const problemCount = docs.reduce((n, d) => n + d.problems.length, 0);
  const busy = entry.busy && entry.busy !== 'refresh' ? entry.busy : undefined;
  const load = useOpenRpc((s) => s.load);

  const onFile = async (e: ChangeEvent<HTMLInputElement>) => {
    const file = e.target.files?.[0];
    e.target.value = '';
    setFileError(null);
    if (!file) return;
    if (file.size > MAX_FILE_BYTES) return setFileError(`${file.name} is larger than 5 MiB`);
    let text: string;
    try {
      text = await file.text();
    } catch {
      return setFileError(`${file.name} could not be read`);
    }
    await load(sessionId, { document: text, name: file.name }, 'file');
  };
  const loadUrl = async () => {
    const u = url.trim();
    if (!u) return;
    if (await load(sessionId, allowPrivate ? { url: u, allowPrivate } : { url: u }, 'url')) setUrl('');
  };

  return (
    <details className="group rounded-md text-xs" data-testid="openrpc-section" open={docs.length === 0 ? undefined : true}>
      <summary className="cursor-pointer select-none text-muted hover:text-fg">
        OpenRPC documents{docs.length ? ` (${docs.map((d) => d.title).join(', ')})` : ''}
        {problemCount ? <span className="ml-1 text-warn">· {problemCount} problem{problemCount === 1 ? '' : 's'}</span> : null}
      </summary>
      <div className="flex flex-col gap-2 pt-1.5">
        <div className="flex flex-wrap items-center gap-1.5">
          <Button
            size="xs"
            onClick={() => void load(sessionId, { discover: true }, 'discover')}
            disabled={!live || !!busy}
            title={live ? 'Send {"method":"rpc.discover"} to the target (it shows in the timeline) and load the document it answers with' : 'Connect to call rpc.discover'}
            data-testid="openrpc-discover"
          >
            {busy === 'discover' ? 'Calling rpc.discover…' : 'Call rpc.discover'}
          </Button>
          <Button size="xs" onClick={() => fileRef.current?.click()} disabled={!!busy} data-testid="openrpc-file-button">
            {busy === 'file' ? 'Loading…' : 'Load file…'}
          </Button>
          <input ref={fileRef} type="file" accept=".json,application/json" className="hidden" onChange={onFile} data-testid="openrpc-file" aria-label="OpenRPC document file" />
          <TextInput
            code
            size="xs"
            aria-label="OpenRPC document URL"
            placeholder="https://…/openrpc.json"
            value={url}
            spellCheck={false}
            onChange={(e) => setUrl(e.target.value)}
            onKeyDown={(e) => {
              if (e.key === 'Enter') {
                e.preventDefault();
                void loadUrl();
              }
            }}
            className="min-w-40 flex-1"
            data-testid="openrpc-url"
          />
          <Button size="xs" onClick={() => void loadUrl()} disabled={!url.trim() || !!busy} data-testid="openrpc-load-url">
            {busy === 'url' ? 'Fetching…' : 'Load URL'}
          </Button>
          <label className="flex items-center gap-1 text-[12px] text-muted" title="Let this fetch, and every redirect it follows, reach loopback (localhost) and private-network addresses. Link-local addresses stay refused.">
            <input type="checkbox" checked={allowPrivate} onChange={(e) => setAllowPrivate(e.target.checked)} data-testid="openrpc-allow-private" />
            Allow local and private addresses
          </label>
        </div>
        {entry.error || fileError ? (
          <p role="alert" className="text-[12px] text-err" data-testid="openrpc-error">
            {fileError ?? entry.error}
          </p>
        ) : null}
        {entry.lastAdded ? (
          <p className="text-[12px] text-muted" data-testid="openrpc-loaded">
            Loaded “{entry.lastAdded}”: its methods are in the method completion, and traffic is checked against it.
          </p>
        ) : null}
        {docs.length === 0 ? (
          <p className="text-[12px] text-muted">No document. Load one to get method completion, params checks before sending, and errors decoded by the names it declares.</p>
        ) : (
          <ul className="flex flex-col gap-1.5">
            {docs.map((d) => (
              <DocumentRow key={d.id} doc={d} onRemove={() => void useOpenRpc.getState().remove(sessionId, d.id)} disabled={!!busy} />
            ))}
          </ul>
        )}
      </div>
    </details>
  );
}

function sourceWords(d: ListedDocument): string {
  const s = d.source;
  if (s.kind === 'discover') return 'from rpc.discover';
  if (s.kind === 'url') return `from ${s.url}`;
  if (s.kind === 'file') return `from ${s.name ?? 'a file'}`;
  return 'pasted';
}

function DocumentRow({ doc, onRemove, disabled }: { doc: ListedDocument; onRemove(): void; disabled: boolean }) {
  const [all, setAll] = useState(false);
  const shown = all ? doc.problems : doc.problems.slice(0, PROBLEMS_SHOWN);
  return (
    <li className="rounded-md border border-line px-2 py-1.5" data-testid="openrpc-doc" data-doc-id={doc.id}>
      <div className="flex flex-wrap items-baseline gap-x-2">
        <span className="font-medium text-fg">{doc.title}</span>
        {doc.version ? <span className="text-muted">{doc.version}</span> : null}
        <span className="text-faint">
          OpenRPC {doc.openrpc || '?'} · {doc.methods.length} method{doc.methods.length === 1 ? '' : 's'} · {sourceWords(doc)}
        </span>
        <Button size="xs" variant="ghost" className="ml-auto" onClick={onRemove} disabled={disabled} aria-label={`Remove ${doc.title}`}>
          Remove
        </Button>
      </div>
      {doc.problems.length === 0 ? (
        <p className="mt-0.5 text-[12px] text-ok">Valid OpenRPC.</p>
      ) : (
        <ul className="mt-1 flex flex-col gap-0.5" aria-label={`Problems in ${doc.title}`}>
          {shown.map((p, i) => (
            <li key={i} className={`text-[12px] ${p.severity === 'error' ? 'text-err' : 'text-warn'}`} data-testid="openrpc-problem">
              <span className="font-mono">{p.path}</span> {p.message}
            </li>
          ))}
          {doc.problems.length > PROBLEMS_SHOWN ? (
            <li>
              <button type="button" className="text-[12px] text-accent hover:underline" onClick={() => setAll(!all)}>
                {all ? 'Show fewer' : `Show all ${doc.problems.length} problems`}
              </button>
            </li>
          ) : null}
        </ul>
      )}
    </li>
  );
}
