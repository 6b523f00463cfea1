'use client';
/** What the request builder takes from a session's OpenRPC documents. */
import type { CompletionSource } from '@codemirror/autocomplete';
import { useEffect, useMemo, useRef } from 'react';
import { paramsExamples } from '@/lib/openrpc/examples';
import type { MethodEntry } from '@/lib/openrpc/set';
import { useBuilder, type MethodSuggestion } from '@/components/stores/builder';
import { paramsCompletionSource } from './params-completion';
import { EMPTY_ENTRY, useOpenRpc, type SessionOpenRpc } from './store';

export const METHOD_SOURCE_ID = 'openrpc';
// The suggestion list is narrow: a long summary would squeeze the method name out.
const DETAIL_CHARS = 36;

export function useOpenRpcSession(sessionId: string | null): SessionOpenRpc {
  const entry = useOpenRpc((s) => (sessionId ? s.sessions[sessionId] : undefined));
  useEffect(() => {
    if (sessionId) void useOpenRpc.getState().refresh(sessionId);
  }, [sessionId]);
  return entry ?? EMPTY_ENTRY;
}

/** The documents' methods join the builder's method completion, with summaries and an example to start from. */
export function useOpenRpcMethodSource(sessionId: string | null): void {
  const { set } = useOpenRpcSession(sessionId);
  useEffect(() => {
    const store = useBuilder.getState();
    if (set.size === 0) {
      store.removeMethodSource(METHOD_SOURCE_ID);
      return;
    }
    const methods: MethodSuggestion[] = set.methodList().map((m) => {
      const entry = set.method(m.name)!;
      const first = paramsExamples(entry.doc, entry.method)[0];
      const s: MethodSuggestion = { name: m.name };
      if (m.summary) s.detail = m.summary.length > DETAIL_CHARS ? m.summary.slice(0, DETAIL_CHARS - 1) + '…' : m.summary;
      if (first && entry.method.params.length) s.paramsTemplate = JSON.stringify(first.params, null, 2);
      return s;
    });
    store.setMethodSource({ id: METHOD_SOURCE_ID, label: `OpenRPC · ${set.documents.map((d) => d.title).join(', ')}`, methods });
    return () => useBuilder.getState().removeMethodSource(METHOD_SOURCE_ID);
  }, [set]);
}

/** The method being composed, when a document declares it. */
export function useOpenRpcMethod(sessionId: string | null, method: string): MethodEntry | undefined {
  const { set } = useOpenRpcSession(sessionId);
  return useMemo(() => (method ? set.method(method) : undefined), [set, method]);
}

/** A completion source for the params editor that follows the method being composed (stable identity). */
export function useOpenRpcParamsCompletion(sessionId: string | null, method: string): CompletionSource {
  const entry = useOpenRpcMethod(sessionId, method);
  const latest = useRef(entry);
  useEffect(() => {
    latest.current = entry;
  }, [entry]);
  return useMemo(() => paramsCompletionSource(() => latest.current), []);
}
