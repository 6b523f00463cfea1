'use client';
/**
 * Auto-reply rules for a session: method → result. The server answers the target's requests for
 * these methods (a language server blocking on workspace/configuration keeps working).
 */
import { useEffect, useState } from 'react';
import { checkJson, compactJson } from '@/lib/builder/json-text';
import { JsonEditor } from '@/components/editor/JsonEditor';
import { useBuilder } from '@/components/stores/builder';
import { useSessions } from '@/components/stores/sessions';
import { loadAutoReplies, saveAutoReplies } from './auto-replies-sync';
import { Button, FieldLabel, Note } from './ui';
import { TextInput } from '@/components/ui/Field';

const EMPTY: Record<string, string> = {};

export function AutoRepliesSection({ sessionId, compact = false, defaultMethod = '' }: { sessionId: string; compact?: boolean; defaultMethod?: string }) {
  const rules = useBuilder((s) => s.autoReplies[sessionId] ?? EMPTY);
  const sync = useBuilder((s) => s.autoReplySync[sessionId]);
  const [method, setMethod] = useState(defaultMethod);
  const status = useSessions((s) => s.sessions[sessionId]?.summary.status);
  // A tapped conversation's real client answers the server: rpcscope keeps no auto-replies there.
  const tap = useSessions((s) => s.sessions[sessionId]?.summary.target.kind === 'tap');
  useEffect(() => {
    if (status === 'open' && !tap) void loadAutoReplies(sessionId);
  }, [sessionId, status, tap]);
  const [result, setResult] = useState('null');
  const names = Object.keys(rules).sort();
  const check = checkJson(result.trim());
  const canAdd = method.trim() !== '' && result.trim() !== '' && check.ok;

  const add = () => {
    if (!canAdd) return;
    void saveAutoReplies(sessionId, { ...rules, [method.trim()]: compactJson(result.trim()) });
    setMethod('');
  };
  const remove = (name: string) => {
    const next = { ...rules };
    delete next[name];
    void saveAutoReplies(sessionId, next);
  };

  if (tap) return null;
  const body = (
    <div className="flex flex-col gap-2 pt-1" data-testid="auto-replies">
      {names.length === 0 ? (
        <p className="text-xs text-muted">No rules. Requests the target sends wait for you to reply.</p>
      ) : (
        <ul className="divide-y divide-line rounded-md border border-line">
          {names.map((name) => (
            <li key={name} className="flex items-center gap-2 px-2 py-1 text-xs">
              <span className="shrink-0 font-mono text-fg">{name}</span>
              <span className="text-faint">→</span>
              <span className="min-w-0 flex-1 truncate font-mono text-muted" title={rules[name]}>
                {rules[name]}
              </span>
              <Button variant="danger" onClick={() => remove(name)} aria-label={`Remove rule for ${name}`}>
                Remove
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="flex flex-col gap-1.5 rounded-md border border-line p-2">
        <div className="flex items-center gap-2">
          <FieldLabel>Method</FieldLabel>
          <TextInput aria-label="Auto-reply method" value={method} onChange={(e) => setMethod(e.target.value)} placeholder="workspace/configuration" spellCheck={false} code className="flex-1" />
          <Button onClick={add} disabled={!canAdd}>
            Add rule
          </Button>
        </div>
        <JsonEditor aria-label="Auto-reply result" value={result} onChange={setResult} onSubmit={add} gutters={false} className="h-16" />
        {!check.ok && result.trim() !== '' && <Note tone="error">Result is not valid JSON: {check.error}</Note>}
      </div>
      {sync?.state === 'failed' && <Note tone="error">Server did not take the rules: {sync.error}</Note>}
      {sync?.state === 'saved' && <Note tone="info">Saved: the server answers these methods for this session.</Note>}
    </div>
  );

  if (!compact) return body;
  return (
    <details className="group rounded-md text-xs">
      <summary className="cursor-pointer select-none text-muted hover:text-fg">
        Auto-replies to the target&apos;s requests{names.length > 0 ? ` (${names.length})` : ''}
      </summary>
      {body}
    </details>
  );
}
