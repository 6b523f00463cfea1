'use client';
/**
 * Under the params editor, before anything is sent: what the OpenRPC document says about the
 * method being composed (summary, how it takes params), every problem with the params as typed,
 * and "Insert example" from the method's examples or generated from its schemas.
 */
import { useMemo, useState } from 'react';
import { checkJson } from '@/lib/builder/json-text';
import { signature } from '@/lib/openrpc/check';
import { paramsExamples } from '@/lib/openrpc/examples';
import { checkParams, type Issue } from '@/lib/openrpc/params';
import { Button } from '@/components/ui/Button';
import { Select } from '@/components/ui/Field';
import { useOpenRpcMethod, useOpenRpcSession } from './hooks';

export interface ParamsAssistProps {
  sessionId: string | null;
  method: string;
  /** The builder's params shape: `omit` sends no params member. */
  paramsMode: 'array' | 'object' | 'omit';
  paramsText: string;
  onInsert(mode: 'array' | 'object', text: string): void;
}

/** The problems with the params as typed; null when they cannot be checked (no document declares the method, or the JSON is broken). */
export function useParamsIssues(sessionId: string | null, method: string, paramsMode: ParamsAssistProps['paramsMode'], paramsText: string): Issue[] | null {
  const entry = useOpenRpcMethod(sessionId, method);
  return useMemo(() => {
    if (!entry) return null;
    let value: unknown;
    if (paramsMode !== 'omit') {
      const parsed = checkJson(paramsText.trim());
      if (!parsed.ok) return null;
      value = parsed.value;
    }
    return checkParams(entry.doc, entry.method, value);
  }, [entry, paramsMode, paramsText]);
}

export function ParamsAssist({ sessionId, method, paramsMode, paramsText, onInsert }: ParamsAssistProps) {
  const { set } = useOpenRpcSession(sessionId);
  const entry = useOpenRpcMethod(sessionId, method);
  const issues = useParamsIssues(sessionId, method, paramsMode, paramsText);
  const examples = useMemo(() => (entry ? paramsExamples(entry.doc, entry.method) : []), [entry]);
  const [pick, setPick] = useState(0);

  if (!entry) {
    const typed = method.trim();
    // Still typing a name some document has: no verdict yet.
    if (set.size === 0 || typed === '' || set.methodList().some((m) => m.name.includes(typed))) return null;
    return (
      <p className="text-[12px] text-muted" data-testid="openrpc-method-unknown">
        {JSON.stringify(method)} is not in the OpenRPC {set.size === 1 ? 'document' : 'documents'} {set.label}.
      </p>
    );
  }

  const chosen = examples[Math.min(pick, examples.length - 1)];
  const insert = () => {
    if (!chosen) return;
    onInsert(Array.isArray(chosen.params) ? 'array' : 'object', JSON.stringify(chosen.params, null, 2));
  };

  return (
    <div className="flex flex-col gap-1 rounded-md border border-line bg-panel px-2 py-1.5" data-testid="openrpc-assist">
      <div className="flex flex-wrap items-center gap-x-2 gap-y-1 text-[12px]">
        <span className="font-mono text-fg">{entry.method.name}</span>
        {entry.method.summary ? <span className="text-muted">{entry.method.summary}</span> : null}
        {entry.method.deprecated ? <span className="text-warn">deprecated</span> : null}
        <span className="ml-auto flex items-center gap-1">
          {examples.length > 1 ? (
            <Select size="xs" aria-label="Example to insert" value={pick} onChange={(e) => setPick(Number(e.target.value))} className="max-w-44">
              {examples.map((ex, i) => (
                <option key={i} value={i}>
                  {ex.from}
                </option>
              ))}
            </Select>
          ) : null}
          <Button size="xs" onClick={insert} disabled={!chosen} title={chosen ? `Replace the params with: ${chosen.from}` : undefined} data-testid="openrpc-insert-example">
            Insert example
          </Button>
        </span>
      </div>
      <div className="font-mono text-[11.5px] text-faint" title={`From the OpenRPC document ${entry.doc.label}`}>
        {signature(entry.method)} · {entry.doc.label}
      </div>
      {issues === null ? null : issues.length ? (
        <ul className="flex flex-col gap-0.5" aria-label="Params problems" data-testid="openrpc-params-issues">
          {issues.map((i) => (
            <li key={`${i.path}\u0000${i.message}`} className="flex items-start gap-1.5 text-[12px] text-warn" data-testid="openrpc-params-issue">
              <span aria-hidden className="mt-px font-bold">!</span>
              <span className="min-w-0 break-words">
                <span className="font-mono">{i.path}</span> {i.message}
              </span>
            </li>
          ))}
        </ul>
      ) : (
        <p className="text-[12px] text-ok" data-testid="openrpc-params-ok">
          Params match the document.
        </p>
      )}
    </div>
  );
}
