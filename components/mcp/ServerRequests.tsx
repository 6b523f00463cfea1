'use client';
/**
 * Requests the MCP server sent and still waits on — sampling/createMessage and elicitation/create —
 * each with a form to answer it: the model's reply for sampling; the requested fields (or the URL
 * to open) for elicitation, with Accept / Decline / Cancel.
 */
import { useMemo, useState } from 'react';
import type { TrafficEvent } from '@/lib/session/types';
import { formToValue, initialValue, type FieldError, type FormValue } from '@/lib/mcp/schema-form';
import { elicitationResult, isServerRequestMethod, readElicitation, readSampling, samplingResult, type ElicitAction } from '@/lib/mcp/server-requests';
import { useSessions } from '@/components/stores/sessions';
import { Button } from '@/components/ui/Button';
import { Field, TextArea, TextInput } from '@/components/ui/Field';
import { bodyOf, reply } from './calls';
import { ContentView } from './ContentView';
import type { EntryRow } from '@/lib/timeline/row';
import { useFullEntry } from '@/components/stores/entry-texts';
import { SchemaForm } from './SchemaForm';

/** The pending sampling and elicitation requests of a session, oldest first (a few at most are shown). */
export function usePendingServerRequests(sessionId: string): EntryRow[] {
  const view = useSessions((s) => s.sessions[sessionId]);
  const version = view?.version;
  return useMemo(() => {
    void version;
    if (!view) return [];
    const out: EntryRow[] = [];
    // Scan from the end: pending server requests are recent; stop after a bounded look-back.
    for (let i = view.events.length - 1; i >= 0 && i >= view.events.length - 5000; i--) {
      const e = view.events[i];
      if (e.dir === 'in' && e.kind === 'request' && e.state === 'pending' && isServerRequestMethod(e.method)) out.unshift(e);
    }
    return out.slice(0, 20);
  }, [view, version]);
}

export function ServerRequests({ sessionId, live }: { sessionId: string; live: boolean }) {
  const pending = usePendingServerRequests(sessionId);
  if (pending.length === 0) return <p className="text-xs text-faint">No request from the server waits for an answer. Sampling and elicitation requests show here.</p>;
  return (
    <div className="flex flex-col gap-3">
      {pending.map((row) => <PendingRequest key={row.seq} sessionId={sessionId} row={row} live={live} />)}
    </div>
  );
}

/** One request, read in full (its params are in its wire text, fetched when the page has not kept it). */
function PendingRequest({ sessionId, row, live }: { sessionId: string; row: EntryRow; live: boolean }) {
  const ev = useFullEntry(sessionId, row);
  return (
    <section aria-label={`${row.method} #${row.seq}`} className="rounded border border-warn/50 p-2" data-testid="mcp-server-request">
      <div className="mb-1 text-[11.5px] font-medium text-muted">#{row.seq} · <span className="font-mono text-fg">{row.method}</span> from the server</div>
      {!ev ? <p className="text-xs text-faint">Loading the request…</p>
        : ev.method === 'sampling/createMessage' ? <SamplingForm sessionId={sessionId} ev={ev} live={live} /> : <ElicitationForm sessionId={sessionId} ev={ev} live={live} />}
    </section>
  );
}

const paramsOf = (ev: TrafficEvent) => (bodyOf(ev) as { params?: unknown } | undefined)?.params;

function SamplingForm({ sessionId, ev, live }: { sessionId: string; ev: TrafficEvent; live: boolean }) {
  const view = useMemo(() => readSampling(paramsOf(ev)), [ev]);
  const [text, setText] = useState('');
  const [model, setModel] = useState('rpcscope-user');
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); void reply(sessionId, ev, samplingResult(text, model)); }}>
      {view.systemPrompt ? <p className="text-xs text-muted">System: {view.systemPrompt}</p> : null}
      {view.messages.map((m, i) => <div key={i}><span className="text-[11.5px] font-medium text-muted">{m.role}</span><ContentView blocks={[m.block]} /></div>)}
      <Field label={`Reply as the model${view.maxTokens ? ` (max ${view.maxTokens} tokens asked)` : ''}`} htmlFor={`sampling-${ev.seq}`}>
        <TextArea id={`sampling-${ev.seq}`} rows={2} value={text} onChange={(e) => setText(e.target.value)} />
      </Field>
      <Field label="Model name" htmlFor={`sampling-model-${ev.seq}`}>
        <TextInput id={`sampling-model-${ev.seq}`} code value={model} onChange={(e) => setModel(e.target.value)} />
      </Field>
      <Button type="submit" variant="primary" className="self-start" disabled={!live}>Send reply</Button>
    </form>
  );
}

function ElicitationForm({ sessionId, ev, live }: { sessionId: string; ev: TrafficEvent; live: boolean }) {
  const view = useMemo(() => readElicitation(paramsOf(ev)), [ev]);
  const [value, setValue] = useState<FormValue>(() => (view.mode === 'form' ? initialValue(view.form) : ''));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const answer = (action: ElicitAction) => {
    if (action === 'accept' && view.mode === 'form') {
      const r = formToValue(view.form, value);
      if (!r.ok) return setErrors(r.errors);
      return void reply(sessionId, ev, elicitationResult('accept', r.value));
    }
    void reply(sessionId, ev, elicitationResult(action));
  };
  return (
    <form className="flex flex-col gap-2" onSubmit={(e) => { e.preventDefault(); answer('accept'); }}>
      <p className="text-xs whitespace-pre-wrap text-fg">{view.message}</p>
      {view.mode === 'form'
        ? <SchemaForm node={view.form} value={value} onChange={setValue} errors={errors} idPrefix={`elicit-${ev.seq}`} />
        : <p className="font-mono text-xs break-all text-muted">Open this address yourself, then accept: {view.url}</p>}
      <div className="flex gap-2">
        <Button type="submit" variant="primary" disabled={!live}>Accept</Button>
        <Button disabled={!live} onClick={() => answer('decline')}>Decline</Button>
        <Button variant="ghost" disabled={!live} onClick={() => answer('cancel')}>Cancel</Button>
      </div>
    </form>
  );
}
