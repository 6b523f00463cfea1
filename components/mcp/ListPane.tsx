'use client';
/** One MCP list: the items on the left (with a filter when there are many), the chosen one's form on the right. */
import { useState } from 'react';
import { MCP_LISTS, type McpListKind, type McpLists } from '@/lib/mcp/catalog';
import { Button } from '@/components/ui/Button';
import { TextInput } from '@/components/ui/Field';
import { PromptGet, ResourceRead } from './ItemDetail';
import { listsOf, useMcp } from './store';
import { ToolCall } from './ToolCall';

type Item = McpLists[McpListKind];
const keyOf = (i: Item) => ('uriTemplate' in i ? i.uriTemplate : 'uri' in i ? i.uri : i.name);

export function ListPane({ sessionId, kind, live }: { sessionId: string; kind: McpListKind; live: boolean }) {
  const list = useMcp((s) => listsOf(s, sessionId)[kind]);
  const [chosen, setChosen] = useState<string | null>(null);
  const [filter, setFilter] = useState('');
  const spec = MCP_LISTS[kind];
  const load = () => void useMcp.getState().load(sessionId, kind);

  if (list.state === 'idle' || list.state === 'loading') {
    return (
      <div className="flex h-full items-center justify-center gap-2 text-xs text-muted">
        {list.state === 'loading' ? `Asking the server (${spec.method})…` : <Button disabled={!live} onClick={load}>List {spec.label.toLowerCase()} ({spec.method})</Button>}
      </div>
    );
  }
  if (list.state === 'failed') {
    return (
      <div className="flex h-full flex-col items-center justify-center gap-2 text-xs">
        <p role="alert" className="text-err">{spec.method} failed: {list.error}</p>
        <Button disabled={!live} onClick={load}>Try again</Button>
      </div>
    );
  }
  const items = list.items as Item[];
  const f = filter.trim().toLowerCase();
  const shown = f ? items.filter((i) => `${keyOf(i)} ${i.description ?? ''}`.toLowerCase().includes(f)) : items;
  const selected = items.find((i) => keyOf(i) === chosen);

  return (
    <div className="flex h-full min-h-0">
      <div className="flex w-64 max-w-[40%] min-w-32 shrink-0 flex-col border-r border-line">
        <div className="flex items-center gap-1 border-b border-line p-1">
          <TextInput size="xs" aria-label={`Filter ${spec.label.toLowerCase()}`} placeholder={`${items.length} ${spec.label.toLowerCase()}`} value={filter} onChange={(e) => setFilter(e.target.value)} className="min-w-0 flex-1" />
          <Button size="xs" variant="ghost" disabled={!live} onClick={load} aria-label={`Refresh ${spec.label.toLowerCase()}`}>Refresh</Button>
        </div>
        <ul aria-label={spec.label} className="min-h-0 flex-1 overflow-auto">
          {shown.map((i) => (
            <li key={keyOf(i)}>
              <button
                type="button"
                aria-current={keyOf(i) === chosen}
                onClick={() => setChosen(keyOf(i))}
                className={`block w-full truncate px-2 py-1 text-left font-mono text-[12px] ${keyOf(i) === chosen ? 'bg-sel text-fg' : 'text-fg hover:bg-hover'}`}
                title={i.description}
              >
                {'uriTemplate' in i || 'uri' in i ? i.name : keyOf(i)}
              </button>
            </li>
          ))}
          {shown.length === 0 ? <li className="px-2 py-1 text-xs text-faint">{items.length ? 'Nothing matches.' : `The server lists no ${spec.label.toLowerCase()}.`}</li> : null}
          {list.more ? <li className="px-2 py-1 text-xs text-faint">More pages not loaded.</li> : null}
        </ul>
      </div>
      <div className="min-w-0 flex-1 overflow-auto p-2">
        {!selected ? <p className="text-xs text-faint">Choose one on the left.</p> : <Detail key={keyOf(selected)} sessionId={sessionId} kind={kind} item={selected} live={live} />}
      </div>
    </div>
  );
}

function Detail({ sessionId, kind, item, live }: { sessionId: string; kind: McpListKind; item: Item; live: boolean }) {
  switch (kind) {
    case 'tools':
      return <ToolCall sessionId={sessionId} tool={item as McpLists['tools']} live={live} />;
    case 'resources':
    case 'templates':
      return <ResourceRead sessionId={sessionId} item={item as McpLists['resources']} live={live} />;
    case 'prompts':
      return <PromptGet sessionId={sessionId} item={item as McpLists['prompts']} live={live} />;
  }
}
