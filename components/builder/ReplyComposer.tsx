'use client';
/**
 * Reply to a request the target sent (LSP workspace/configuration, MCP roots/list …): a result, or
 * an error with a code from the catalog. The response echoes the request's id text exactly, so big
 * integers and string ids come back as the target wrote them.
 */
import { useMemo, useState } from 'react';
import { composeResponse } from '@/lib/builder/compose';
import { composeDapResponse, dapReplyTemplate } from '@/lib/builder/dap-reply';
import { decomposeRequest } from '@/lib/builder/decompose';
import { dialectErrorCodes } from '@/lib/builder/dialect-sources';
import { replyTemplate } from '@/lib/builder/reply-templates';
import { isDialectId } from '@/lib/dialects/registry';
import type { DialectId } from '@/lib/dialects/types';
import { compactJson } from '@/lib/builder/json-text';
import { PREDEFINED_ERRORS } from '@/lib/errors';
import type { TrafficEvent } from '@/lib/session/types';
import { JsonEditor } from '@/components/editor/JsonEditor';
import { useBuilder } from '@/components/stores/builder';
import { useSessions } from '@/components/stores/sessions';
import { AutoRepliesSection } from './AutoReplies';
import { saveAutoReplies } from './auto-replies-sync';
import { Preview } from './Preview';
import { SendStatusLine } from './SendStatusLine';
import { Button, FieldLabel, ShortcutHint, modKey, Note, Segmented } from './ui';
import { useSendStatus } from './useSendStatus';
import { Select, TextInput } from '@/components/ui/Field';

export interface ErrorCodeChoice {
  code: number;
  name: string;
  /** Catalog it comes from, shown as a group (JSON-RPC, LSP, MCP …). */
  source?: string;
}

const STANDARD: ErrorCodeChoice[] = [
  ...PREDEFINED_ERRORS.map((e) => ({ code: e.code, name: e.name, source: 'JSON-RPC 2.0' })),
  { code: -32000, name: 'Server error (implementation-defined)', source: 'JSON-RPC 2.0' },
];

const CUSTOM = 'custom';

function requestIdText(request: TrafficEvent): string | undefined {
  if (request.idText !== undefined) return request.idText;
  const d = decomposeRequest(request.raw);
  if (d.mode === 'compose' && d.idText !== undefined) return d.idText;
  return request.id !== undefined ? JSON.stringify(request.id) : undefined;
}

export interface ReplyComposerProps {
  sessionId: string;
  request: TrafficEvent;
  /** Extra error codes to offer (OpenRPC-declared errors …), listed before the catalog's. */
  codes?: ErrorCodeChoice[];
  /** The session's dialect: its error codes (LSP, MCP …) join the picker. */
  dialect?: DialectId;
}

/** A fresh composer per request: its draft and send status belong to that request only. */
export function ReplyComposer(props: ReplyComposerProps) {
  return <ReplyForm key={`${props.sessionId}:${props.request.seq}`} {...props} />;
}

function ReplyForm({ sessionId, request, codes, dialect }: ReplyComposerProps) {
  const [kind, setKind] = useState<'result' | 'error'>('result');
  const [resultText, setResultText] = useState(() => useBuilder.getState().autoReplies[sessionId]?.[request.method ?? ''] ?? (request.dap ? dapReplyTemplate(request.dap.command) : replyTemplate(request.method, request.raw)));
  const [codeChoice, setCodeChoice] = useState(String(STANDARD[2].code));
  const [customCode, setCustomCode] = useState('');
  const [message, setMessage] = useState(STANDARD[2].name);
  const [dataText, setDataText] = useState('');
  const [remember, setRemember] = useState(false);
  const { status, event, send } = useSendStatus(sessionId, `reply:${request.seq}`);
  const live = useSessions((s) => {
    const st = s.sessions[sessionId]?.summary.status;
    return st === 'open' || st === 'connecting';
  });
  const current = useSessions((s) => {
    const v = s.sessions[sessionId];
    const i = v?.indexBySeq.get(request.seq);
    return i === undefined ? request : v.events[i];
  });
  const hasRule = useBuilder((s) => request.method !== undefined && s.autoReplies[sessionId]?.[request.method] !== undefined);

  const detected = useSessions((s) => s.sessions[sessionId]?.summary.dialect?.id);
  const sessionDialect: DialectId | undefined = dialect ?? (isDialectId(detected) ? detected : undefined);
  const choices = useMemo(() => {
    const seen = new Set<number>();
    const fromDialect = sessionDialect ? dialectErrorCodes(sessionDialect) : [];
    return [...(codes ?? []), ...STANDARD, ...fromDialect].filter((c) => (seen.has(c.code) ? false : (seen.add(c.code), true)));
  }, [codes, sessionDialect]);
  const groups = useMemo(() => {
    const m = new Map<string, ErrorCodeChoice[]>();
    for (const c of choices) {
      const g = c.source ?? 'Catalog';
      m.set(g, [...(m.get(g) ?? []), c]);
    }
    return [...m];
  }, [choices]);

  const idText = requestIdText(request);
  const code = codeChoice === CUSTOM ? customCode : codeChoice;
  // DAP replies are DAP responses: our own seq (the next one of the session), success, a body or a message.
  const nextSeq = useSessions((s) => (s.sessions[sessionId]?.summary.lastSeq ?? 0) + 1);
  const composed = useMemo(() => {
    if (request.dap) {
      const r = composeDapResponse(request.dap, nextSeq, kind === 'result' ? { success: true, bodyText: resultText } : { success: false, message, bodyText: dataText });
      return r.ok ? { ...r, warnings: [] as string[] } : r;
    }
    if (idText === undefined) return { ok: false as const, error: 'This message has no id: notifications get no reply' };
    return kind === 'result'
      ? composeResponse(idText, { kind: 'result', resultText })
      : composeResponse(idText, { kind: 'error', error: { code, message, dataText } });
  }, [request.dap, nextSeq, idText, kind, resultText, code, message, dataText]);

  const canSend = live && composed.ok && status.state !== 'sending';
  const doSend = async () => {
    if (!canSend || !composed.ok) return;
    const seq = await send(composed.text);
    if (seq !== null && remember && kind === 'result' && request.method) {
      const rules = useBuilder.getState().autoReplies[sessionId] ?? {};
      void saveAutoReplies(sessionId, { ...rules, [request.method]: compactJson(resultText.trim()) });
    }
  };

  const pickCode = (value: string) => {
    const prev = choices.find((c) => String(c.code) === codeChoice);
    const next = choices.find((c) => String(c.code) === value);
    setCodeChoice(value);
    if (next && (message === '' || message === prev?.name)) setMessage(next.name.replace(/ \(implementation-defined\)$/, ''));
  };

  const answeredBy = current.state && current.state !== 'pending' && current.pair !== undefined ? current.pair : undefined;
  const mod = modKey();

  return (
    <div className="flex min-h-0 flex-col gap-2 p-3" data-testid="reply-composer">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs">
        <span className="font-medium text-fg">Reply to</span>
        <span className="font-mono text-muted">#{request.seq}</span>
        <span className="font-mono font-medium text-fg">{request.method ?? '(no method)'}</span>
        <span className="text-muted">
          id <span className="font-mono text-fg">{idText ?? '—'}</span>
        </span>
        {current.state === 'pending' && <span className="rounded bg-warn-bg px-1.5 py-px text-[11px] text-warn">waiting for our reply</span>}
        {hasRule && <span className="rounded bg-sel px-1.5 py-px text-[11px] text-accent">auto-reply rule set</span>}
      </div>
      {answeredBy !== undefined && <Note tone="info">Already answered by #{answeredBy}. Sending again makes a duplicate response (useful to test the peer).</Note>}

      <div className="flex items-center gap-2">
        <Segmented
          label="Reply kind"
          value={kind}
          onChange={setKind}
          options={[
            { value: 'result', label: 'Result' },
            { value: 'error', label: 'Error' },
          ]}
        />
        <Button variant="primary" className="ml-auto" onClick={doSend} disabled={!canSend} title={!live ? 'Session is not open' : composed.ok ? `Send (${mod}+Enter)` : composed.error} data-testid="reply-send">
          Send reply <ShortcutHint>{mod}↵</ShortcutHint>
        </Button>
      </div>

      {kind === 'result' ? (
        <>
          <JsonEditor aria-label="Result" testId="reply-result-editor" value={resultText} onChange={setResultText} onSubmit={doSend} className="h-32" />
          {request.method && (
            <label className="flex items-center gap-1.5 text-xs text-muted">
              <input type="checkbox" checked={remember} onChange={(e) => setRemember(e.target.checked)} className="accent-[var(--accent)]" />
              Always reply to <span className="font-mono">{request.method}</span> with this result in this session
            </label>
          )}
        </>
      ) : (
        <div className="flex flex-col gap-2">
          <div className="flex flex-wrap items-center gap-2">
            {!request.dap && <><FieldLabel>Code</FieldLabel>
            <Select aria-label="Error code" value={codeChoice} onChange={(e) => pickCode(e.target.value)}>
              {groups.map(([group, list]) => (
                <optgroup key={group} label={group}>
                  {list.map((c) => (
                    <option key={c.code} value={String(c.code)}>
                      {c.code} {c.name}
                    </option>
                  ))}
                </optgroup>
              ))}
              <option value={CUSTOM}>Custom code…</option>
            </Select>
            {codeChoice === CUSTOM && <TextInput aria-label="Custom error code" value={customCode} onChange={(e) => setCustomCode(e.target.value)} placeholder="-32001" code className="w-24" />}</>}
            <FieldLabel>Message</FieldLabel>
            <TextInput aria-label="Error message" value={message} onChange={(e) => setMessage(e.target.value)} code className="min-w-40 flex-1 font-sans" />
          </div>
          <JsonEditor aria-label="Error data (optional)" value={dataText} onChange={setDataText} onSubmit={doSend} allowEmpty placeholder="data (optional JSON)" gutters={false} className="h-16" />
        </div>
      )}

      {!composed.ok && <Note tone="error">{composed.error}</Note>}
      {composed.ok && composed.warnings.map((w) => <Note key={w} tone="warning">{w}</Note>)}
      <Preview text={composed.ok ? composed.text : undefined} testId="reply-preview" />
      <SendStatusLine status={status} event={event} />
      <AutoRepliesSection sessionId={sessionId} compact defaultMethod={request.method ?? ''} />
    </div>
  );
}
