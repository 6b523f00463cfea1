'use client';
/**
 * Request builder: method, params, id policy — or raw text — with the exact text to be sent shown
 * before sending. Ctrl/Cmd+Enter sends from any field.
 */
import type { CompletionSource } from '@codemirror/autocomplete';
import { useEffect, useId, useMemo, useRef, useState } from 'react';
import { PARAMS_MODES, type ParamsMode } from '@/lib/builder/compose';
import { describeUnknownVariables, resolveRaw, resolveRequest, type ResolvedDraft } from '@/lib/builder/variables';
import { useActiveVariables } from './useActiveVariables';
import { wireMismatchWarning } from '@/lib/builder/dap-reply';
import { getProfile, isDialectId } from '@/lib/dialects/registry';
import { ID_POLICIES, resolveId, type IdPolicy } from '@/lib/builder/ids';
import type { DialectId } from '@/lib/dialects/types';
import { JsonEditor } from '@/components/editor/JsonEditor';
import { useBuilder, type BuilderMode, type MethodSource, type MethodSuggestion } from '@/components/stores/builder';
import { useIdCounters } from '@/components/stores/builder-ids';
import { startComposerPersistence } from '@/components/stores/builder-persist';
import { useSessions } from '@/components/stores/sessions';
import { OpenRpcSection, ParamsAssist, useOpenRpcParamsCompletion } from '@/components/openrpc';
import { SaveToCollection } from '@/components/collections/SaveToCollection';
import { AutoRepliesSection } from './AutoReplies';
import { MethodField } from './MethodField';
import { useMethodGroups } from './useMethodGroups';
import { Preview } from './Preview';
import { SendStatusLine } from './SendStatusLine';
import { useNextAutoId } from './session-index';
import { Button, FieldLabel, ShortcutHint, modKey, Note, Segmented } from './ui';
import { useSendStatus } from './useSendStatus';
import { newUuid } from './uuid';
import { Select, TextInput } from '@/components/ui/Field';

const MODES: { value: BuilderMode; label: string; title: string }[] = [
  { value: 'compose', label: 'Request', title: 'compose a request or notification' },
  { value: 'raw', label: 'Raw', title: 'free text, sent exactly as typed (broken input welcome)' },
];

export interface RequestBuilderProps {
  sessionId: string | null;
  /** Extra method lists (dialect profiles, OpenRPC documents) besides the store's. */
  methodSources?: MethodSource[];
  /** Completion inside the params editor (e.g. from a method's schema). */
  paramsCompletions?: CompletionSource;
  /** The session's dialect (detected or chosen): its client methods join the completion list. */
  dialect?: DialectId;
}

export function RequestBuilder({ sessionId, methodSources, paramsCompletions, dialect }: RequestBuilderProps) {
  const draft = useBuilder((s) => s.draft);
  const setDraft = useBuilder((s) => s.setDraft);
  const setParamsText = useBuilder((s) => s.setParamsText);
  const panelNonce = useBuilder((s) => (s.panelRequest?.panel === 'builder' ? s.panelRequest.nonce : 0));
  const summary = useSessions((s) => (sessionId ? s.sessions[sessionId]?.summary : undefined));
  const counter = useIdCounters((s) => (sessionId ? s.counters[sessionId] : undefined));
  const consume = useIdCounters((s) => s.consume);
  const nextId = useNextAutoId(sessionId, counter);
  const [uuid, setUuid] = useState(newUuid);
  const { status, event, reply, send } = useSendStatus(sessionId, 'request');
  const methodInputId = useId();
  // The method's OpenRPC schemas complete the params editor unless the caller brings its own.
  const openRpcCompletions = useOpenRpcParamsCompletion(sessionId, draft.method);
  const rootRef = useRef<HTMLDivElement>(null);

  useEffect(startComposerPersistence, []);

  // Edit-and-resend brings the builder forward with the method field focused.
  useEffect(() => {
    if (!panelNonce) return;
    rootRef.current?.scrollIntoView({ block: 'nearest' });
    document.getElementById(methodInputId)?.focus();
  }, [panelNonce, methodInputId]);

  const groups = useMethodGroups(sessionId, methodSources, dialect);

  const id = useMemo(() => resolveId({ policy: draft.idPolicy, counter: nextId, uuid, customText: draft.customId }), [draft.idPolicy, nextId, uuid, draft.customId]);
  const paramsText = draft.paramsMode === 'omit' ? '' : draft.paramsText[draft.paramsMode];
  // A DAP session gets a warning before JSON-RPC text goes into it (the adapter cannot read it).
  const sessionDialect = dialect ?? summary?.dialect?.id;
  const wire = isDialectId(sessionDialect) ? getProfile(sessionDialect).wire : 'jsonrpc';
  // `{{variables}}` from the active environment: the preview is filled in (secrets masked), the template is sent.
  const env = useActiveVariables();
  const drafted: ResolvedDraft = useMemo(() => {
    const none = (error: string): ResolvedDraft => ({ resolved: { ok: false, error }, unknown: [], used: [] });
    return draft.mode === 'raw'
      ? draft.rawText === '' ? none('Type the text to send') : resolveRaw(draft.rawText, env.variables)
      : !id.ok ? none(id.error) : resolveRequest({ method: draft.method, paramsMode: draft.paramsMode, paramsText, idText: id.idText }, env.variables);
  }, [draft.mode, draft.rawText, draft.method, draft.paramsMode, paramsText, id, env.variables]);
  const composed = useMemo(() => {
    const built = drafted.resolved;
    const mismatch = built.ok ? wireMismatchWarning(wire, built.text) : undefined;
    return built.ok && mismatch ? { ...built, warnings: [...built.warnings, mismatch] } : built;
  }, [drafted, wire]);
  const unknownVars = drafted.unknown.length ? describeUnknownVariables(drafted.unknown, env.name) : null;

  const live = summary?.status === 'open' || summary?.status === 'connecting';
  const blocked = !sessionId ? 'Connect to a target first' : !live ? `Session is ${summary?.status ?? 'not available'}: open a new one to send` : null;
  const canSend = !blocked && composed.ok && !unknownVars && status.state !== 'sending';

  const doSend = async () => {
    if (!canSend || !sessionId || !composed.ok) return;
    const usedAuto = draft.mode === 'compose' && draft.idPolicy === 'auto';
    const usedUuid = draft.mode === 'compose' && draft.idPolicy === 'uuid';
    const withVars = drafted.used.length > 0 && drafted.template !== undefined && env.id !== undefined;
    const seq = await send(withVars ? drafted.template! : composed.text, withVars ? env.id : undefined);
    if (seq === null) return;
    if (usedAuto) consume(sessionId, nextId, 1);
    if (usedUuid) setUuid(newUuid());
  };

  const pickMethod = (s: MethodSuggestion) => {
    if (!s.paramsTemplate) return;
    const t = s.paramsTemplate.trim();
    const mode: ParamsMode = t.startsWith('[') ? 'array' : 'object';
    const current = draft.paramsText[mode].trim();
    if (current === '' || current === '{}' || current === '[]') {
      setParamsText(mode, s.paramsTemplate);
      setDraft({ paramsMode: mode });
    }
  };

  const mod = modKey();

  return (
    <div ref={rootRef} className="flex h-full min-h-0 flex-col gap-2 p-3" data-testid="request-builder">
      <div className="flex flex-wrap items-center gap-2">
        <Segmented label="Builder mode" value={draft.mode} options={MODES} onChange={(mode) => setDraft({ mode })} />
        {draft.mode === 'compose' ? (
          <>
            <MethodField id={methodInputId} value={draft.method} onChange={(method) => setDraft({ method })} onPick={pickMethod} onSubmit={doSend} groups={groups} />
            <IdField policy={draft.idPolicy} customId={draft.customId} preview={id.ok ? id.idText : undefined} onChange={setDraft} onSubmit={doSend} />
          </>
        ) : (
          <span className="flex-1 text-xs text-muted">Sent exactly as typed — no framing fixes, no JSON checks.</span>
        )}
        <SaveToCollection
          kind={draft.mode === 'raw' ? 'raw' : 'request'}
          text={composed.ok ? (drafted.template ?? composed.text) : undefined}
          defaultName={draft.mode === 'raw' ? 'raw message' : draft.method || 'request'}
          sessionId={sessionId}
          blockedReason={composed.ok ? undefined : composed.error}
        />
        <Button variant="primary" onClick={doSend} disabled={!canSend} title={blocked ?? unknownVars ?? (composed.ok ? `Send (${mod}+Enter)` : composed.error)} data-testid="builder-send">
          Send <ShortcutHint>{mod}↵</ShortcutHint>
        </Button>
      </div>

      {draft.loadedFrom && <LoadedHint draft={draft} onDismiss={() => setDraft({ loadedFrom: undefined })} />}

      {draft.mode === 'compose' ? (
        <>
          <div className="flex items-center gap-2">
            <FieldLabel>Params</FieldLabel>
            <Segmented size="xs" label="Params shape" value={draft.paramsMode} options={PARAMS_MODES} onChange={(paramsMode) => setDraft({ paramsMode })} />
          </div>
          {draft.paramsMode === 'omit' ? (
            <div className="flex min-h-[72px] flex-1 items-center justify-center rounded-md border border-dashed border-line text-xs text-faint">
              No params member will be sent.
            </div>
          ) : (
            <JsonEditor
              key={draft.paramsMode}
              aria-label={draft.paramsMode === 'array' ? 'Params (by position)' : 'Params (by name)'}
              testId="params-editor"
              value={paramsText}
              onChange={(t) => setParamsText(draft.paramsMode as 'array' | 'object', t)}
              onSubmit={doSend}
              completions={paramsCompletions ?? openRpcCompletions}
              placeholder={draft.paramsMode === 'array' ? '[ … ]' : '{ … }'}
              className="min-h-[96px] flex-1"
            />
          )}
        </>
      ) : (
        <JsonEditor aria-label="Raw message" testId="raw-editor" value={draft.rawText} onChange={(rawText) => setDraft({ rawText })} onSubmit={doSend} allowEmpty placeholder="any text: {&quot;jsonrpc&quot;:&quot;2.0&quot;, …" className="min-h-[120px] flex-1" hideFormat />
      )}

      <div className="flex flex-col gap-1">
        {!composed.ok && sessionId && <Note tone="error" testId="builder-error">{composed.error}</Note>}
        {unknownVars && <Note tone="error" testId="builder-unknown-variables">{unknownVars}</Note>}
        {draft.mode === 'compose' && id.ok && id.warning && <Note tone="warning">{id.warning}</Note>}
        {composed.ok && composed.warnings.map((w) => <Note key={w} tone="warning">{w}</Note>)}
        {blocked && <Note tone="info">{blocked}</Note>}
        {draft.mode === 'compose' && (
          <ParamsAssist
            sessionId={sessionId}
            method={draft.method}
            paramsMode={draft.paramsMode}
            paramsText={paramsText}
            onInsert={(mode, text) => {
              setParamsText(mode, text);
              setDraft({ paramsMode: mode });
            }}
          />
        )}
      </div>

      <Preview text={composed.ok ? composed.text : undefined} testId="builder-preview" />
      <SendStatusLine status={status} event={event} reply={reply} />
      {sessionId && <AutoRepliesSection sessionId={sessionId} compact />}
      {sessionId && <OpenRpcSection sessionId={sessionId} live={live} />}
    </div>
  );
}

function IdField(props: { policy: IdPolicy; customId: string; preview: string | undefined; onChange: (p: { idPolicy?: IdPolicy; customId?: string }) => void; onSubmit: () => void }) {
  const selectId = useId();
  return (
    <div className="flex items-center gap-1.5">
      <FieldLabel htmlFor={selectId}>Id</FieldLabel>
      <Select id={selectId} aria-label="Id policy" title={ID_POLICIES.find((p) => p.value === props.policy)?.hint} value={props.policy} onChange={(e) => props.onChange({ idPolicy: e.target.value as IdPolicy })}>
        {ID_POLICIES.map((p) => (
          <option key={p.value} value={p.value} title={p.hint}>
            {p.label}
          </option>
        ))}
      </Select>
      {props.policy === 'custom' ? (
        <TextInput
          aria-label="Custom id (JSON)"
          spellCheck={false}
          autoComplete="off"
          placeholder='0,"","abc", {}'
          value={props.customId}
          onChange={(e) => props.onChange({ customId: e.target.value })}
          onKeyDown={(e) => {
            if ((e.ctrlKey || e.metaKey) && e.key === 'Enter') {
              e.preventDefault();
              props.onSubmit();
            }
          }}
          code className="w-32"
        />
      ) : props.preview !== undefined ? (
        <span className="max-w-40 truncate font-mono text-xs text-muted" title={`The next request carries id ${props.preview}`} data-testid="id-preview">
          {props.preview}
        </span>
      ) : (
        <span className="rounded bg-panel-2 px-1.5 py-px text-[11px] text-pending" data-testid="id-preview">
          notification
        </span>
      )}
    </div>
  );
}

function LoadedHint({ draft, onDismiss }: { draft: { loadedFrom?: { seq: number; rawReason?: string }; idPolicy: IdPolicy; mode: BuilderMode }; onDismiss: () => void }) {
  const from = draft.loadedFrom!;
  return (
    <div className="flex items-center gap-2 rounded-md bg-sel px-2 py-1 text-xs text-accent" data-testid="loaded-hint">
      <span>
        Loaded from <span className="font-mono">#{from.seq}</span>
        {from.rawReason ? ` in Raw mode (${from.rawReason}).` : draft.idPolicy === 'custom' ? ' with its id — pick Auto number for a fresh one.' : '.'}
      </span>
      <button type="button" onClick={onDismiss} aria-label="Dismiss" className="ml-auto rounded px-1 text-accent hover:brightness-110">
        ✕
      </button>
    </div>
  );
}
