'use client';
/**
 * Requests the MCP server sent and still waits on — sampling/createMessage and elicitation/create —
 * each with a form to answer it: the model's reply for sampling; the requested fields (or the URL
 * to open) for elicitation, with Accept / Decline / Cancel. In a tap session the real client
 * answers them, so they are shown read-only (`TappedServerRequests`): a second answer from here
 * would reach the server as an injection and the server would get two.
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
  return useServerRequests(sessionId, false);
}

/** Whether the session is a tap: a real client is in the conversation and answers the server itself. */
export function useIsTap(sessionId: string): boolean {
  return useSessions((s) => s.sessions[sessionId]?.summary.target.kind === 'tap');
}

/** The session's recent sampling and elicitation requests, oldest first: pending ones, or (`answered`) those answered too. */
function useServerRequests(sessionId: string, answered: boolean): EntryRow[] {
  const view = useSessions((s) => s.sessions[sessionId]);
  const version = view?.version;
  return useMemo(() => {
    void version;
    if (!view) return [];
    const out: EntryRow[] = [];
    // Scan from the end: pending server requests are recent; stop after a bounded look-back.
    for (let i = view.events.length - 1; i >= 0 && i >= view.events.length - 5000; i--) {
      const e = view.events[i];
      if (e.dir === 'in' && e.kind === 'request' && (e.state === 'pending' || answered) && isServerRequestMethod(e.method)) out.unshift(e);
      if (out.length >= 20) break;
    }
    return out;
  }, [view, version, answered]);
}

export function ServerRequests({ sessionId, live }: { sessionId: string; live: boolean }) {
  const tap = useIsTap(sessionId);
  return tap ? <TappedServerRequests sessionId={sessionId} /> : <AnsweredHere sessionId={sessionId} live={live} />;
}

function AnsweredHere({ sessionId, live }: { sessionId: string; live: boolean }) {
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

/** A tap session's server requests: what the server asked and whether the client has answered, with no form to answer it. */
function TappedServerRequests({ sessionId }: { sessionId: string }) {
  const asked = useServerRequests(sessionId, true);
  const client = useSessions((s) => { const t = s.sessions[sessionId]?.summary.target; return t?.kind === 'tap' ? t.client : undefined; }) ?? 'the client';
  if (asked.length === 0) return <p className="text-xs text-faint">No sampling or elicitation request from the server yet. In a tapped conversation {client} answers them; they show here.</p>;
  return (
    <div className="flex flex-col gap-3">
      {asked.map((row) => <TappedRequest key={row.seq} sessionId={sessionId} row={row} client={client} />)}
    </div>
  );
}

function TappedRequest({ sessionId, row, client }: { sessionId: string; row: EntryRow; client: string }) {
  const ev = useFullEntry(sessionId, row);
  const pending = row.state === 'pending';
  const params = ev ? paramsOf(ev) : undefined;
  const sampling = ev?.method === 'sampling/createMessage' ? readSampling(params) : null;
  const elicit = ev?.method === 'elicitation/create' ? readElicitation(params) : null;
  return (
    <section aria-label={`${row.method} #${row.seq}`} className="rounded border border-line p-2" data-testid="mcp-server-request">
      <div className="mb-1 flex gap-2 text-[11.5px] font-medium text-muted">
        <span>#{row.seq} · <span className="font-mono text-fg">{row.method}</span> from the server</span>
        <span role="status" className={`ml-auto ${pending ? 'text-warn' : 'text-ok'}`} data-testid="mcp-answered-by">
          {pending ? `waiting for ${client} to answer` : row.state === 'answered' || row.state === 'late' ? `answered by ${client}` : `not answered (${row.state ?? 'unknown'})`}
        </span>
      </div>
      {sampling ? sampling.messages.map((m, i) => <div key={i}><span className="text-[11.5px] font-medium text-muted">{m.role}</span><ContentView blocks={[m.block]} /></div>) : null}
      {elicit ? <p className="text-xs whitespace-pre-wrap text-fg">{elicit.message}</p> : null}
      <p className="mt-1 text-[11.5px] text-faint">A tapped conversation: {client} answers the server’s requests; answering from here too would give the server two answers.</p>
    </section>
  );
}
