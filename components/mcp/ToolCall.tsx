'use client';
/**
 * One tool: its form from inputSchema (or the arguments as JSON, one click away), Call — which asks
 * for progress under a token of its own — a progress bar from notifications/progress on that
 * request, Cancel while it runs, and the result (isError shown as a tool error). In a tap session
 * the call is injected and asks for no progress: the server's progress notifications would go to
 * the real client, which never sent that token (and a cancel cannot name the tap's rewritten id).
 */
import { useMemo, useState } from 'react';
import { mcpProfile } from '@/lib/dialects/mcp';
import type { McpTool } from '@/lib/mcp/catalog';
import { readToolResult } from '@/lib/mcp/content';
import { formToValue, initialValue, schemaToForm, type FieldError, type FormValue } from '@/lib/mcp/schema-form';
import { progressText } from '@/lib/timeline/status';
import { useSessions } from '@/components/stores/sessions';
import { JsonEditor } from '@/components/editor/JsonEditor';
import { Button } from '@/components/ui/Button';
import { cancelRequest, nextMcpId, sendRequest, type Answer } from './calls';
import { ContentView } from './ContentView';
import { SchemaForm } from './SchemaForm';
import { useIsTap } from './ServerRequests';

type Run = { seq: number | null; answer?: Answer; error?: string };

export function ToolCall({ sessionId, tool, live }: { sessionId: string; tool: McpTool; live: boolean }) {
  const form = useMemo(() => schemaToForm(tool.inputSchema ?? { type: 'object' }), [tool.inputSchema]);
  const [value, setValue] = useState<FormValue>(() => initialValue(form));
  const [errors, setErrors] = useState<FieldError[]>([]);
  const [asJson, setAsJson] = useState<string | null>(null);
  const [run, setRun] = useState<Run | null>(null);
  const tap = useIsTap(sessionId);
  const request = useSessions((s) => {
    const v = s.sessions[sessionId];
    const i = run?.seq != null ? v?.indexBySeq.get(run.seq) : undefined;
    return i === undefined ? undefined : v?.events[i];
  });

  const args = (): { ok: true; value: unknown } | { ok: false } => {
    if (asJson !== null) {
      try {
        return { ok: true, value: JSON.parse(asJson) as unknown };
      } catch (e) {
        setErrors([{ path: '', message: `Arguments are not JSON: ${e instanceof Error ? e.message : String(e)}` }]);
        return { ok: false };
      }
    }
    const r = formToValue(form, value);
    if (!r.ok) {
      setErrors(r.errors);
      return { ok: false };
    }
    return r;
  };

  const call = async () => {
    const a = args();
    if (!a.ok) return;
    setErrors([]);
    const link = tap ? undefined : mcpProfile.progress.link;
    const params = { name: tool.name, arguments: a.value ?? {} };
    setRun({ seq: null });
    try {
      const sent = await sendRequest(sessionId, 'tools/call', link?.askFor ? link.askFor(params, `progress-${nextMcpId()}`) : params);
      setRun({ seq: sent.seq });
      const answer = await sent.answer;
      setRun({ seq: sent.seq, answer });
    } catch (e) {
      setRun({ seq: null, error: e instanceof Error ? e.message : String(e) });
    }
  };

  const toggleJson = () => {
    if (asJson !== null) return setAsJson(null);
    const r = formToValue(form, value);
    setAsJson(JSON.stringify(r.ok ? r.value ?? {} : {}, null, 2));
  };

  const running = run !== null && run.answer === undefined && run.error === undefined;
  const p = request?.progress;
  const result = run?.answer?.ok ? readToolResult(run.answer.result) : null;

  return (
    <div className="flex flex-col gap-2" data-testid="mcp-tool">
      <div>
        <h3 className="font-mono text-[13px] font-semibold text-fg">{tool.name}</h3>
        {tool.title && tool.title !== tool.name ? <div className="text-xs text-muted">{tool.title}</div> : null}
        {tool.description ? <p className="mt-0.5 text-xs leading-snug text-muted">{tool.description}</p> : null}
      </div>
      <form
        aria-label={`Arguments of ${tool.name}`}
        className="flex flex-col gap-2"
        onSubmit={(e) => { e.preventDefault(); void call(); }}
      >
        {asJson !== null ? (
          <JsonEditor aria-label="Arguments as JSON" value={asJson} onChange={setAsJson} onSubmit={() => void call()} gutters={false} className="h-28" />
        ) : (
          <SchemaForm node={form} value={value} onChange={setValue} errors={errors} idPrefix={`tool-${tool.name}`} />
        )}
        {asJson !== null ? errors.map((e) => <p key={e.message} role="alert" className="text-[11.5px] text-err">{e.message}</p>) : null}
        <div className="flex items-center gap-2">
          <Button type="submit" variant="primary" disabled={!live || running}>{running ? 'Calling…' : 'Call tool'}</Button>
          {running && run?.seq != null && !tap ? <Button variant="danger" onClick={() => void cancelRequest(sessionId, run.seq!)}>Cancel</Button> : null}
          <Button variant="link" size="xs" className="ml-auto" onClick={toggleJson}>{asJson !== null ? 'Edit as form' : 'Edit as JSON'}</Button>
        </div>
      </form>
      {p && running ? (
        <div className="flex flex-col gap-0.5" data-testid="mcp-progress">
          <progress className="h-2 w-full accent-accent" max={p.total ?? undefined} value={p.progress ?? undefined} aria-label={`Progress of ${tool.name}`} />
          <span className="text-[11.5px] text-muted">{progressText(p)}</span>
        </div>
      ) : null}
      {run?.error ? <p role="alert" className="text-xs text-err">Not sent: {run.error}</p> : null}
      {run?.answer && !run.answer.ok ? <p role="alert" className="text-xs text-err" data-testid="mcp-call-error">{run.answer.error}</p> : null}
      {run?.answer?.ok && request?.state === 'cancelled' ? <p className="text-xs text-muted">Cancelled.</p> : null}
      {result ? (
        <section aria-label="Tool result" data-testid="mcp-result" data-error={result.isError} className={`flex flex-col gap-1.5 rounded border p-2 ${result.isError ? 'border-err/40 bg-err-bg' : 'border-line'}`}>
          <div className={`text-[11.5px] font-medium ${result.isError ? 'text-err' : 'text-muted'}`}>
            {result.isError ? 'Tool error (isError: true)' : 'Result'}
            {request?.latencyMs !== undefined ? ` · ${Math.round(request.latencyMs)} ms` : ''}
            {run?.answer?.ok ? (
              <Button variant="link" size="xs" onClick={() => run.answer?.ok && useSessions.getState().select(run.answer.seq)}>Show in timeline</Button>
            ) : null}
          </div>
          <ContentView blocks={result.blocks} />
          {result.structured ? <pre className="font-mono text-[12px] whitespace-pre-wrap text-muted">{result.structured}</pre> : null}
        </section>
      ) : null}
    </div>
  );
}
