'use client';
/** Reading a resource (resources/read), filling a template's URI, and getting a prompt (prompts/get) with its arguments. */
import { useState } from 'react';
import type { McpPrompt, McpResource, McpResourceTemplate } from '@/lib/mcp/catalog';
import { readPromptMessages, readResourceContents, type ContentBlock } from '@/lib/mcp/content';
import { Button } from '@/components/ui/Button';
import { Field, TextInput } from '@/components/ui/Field';
import { request } from './calls';
import { ContentView } from './ContentView';

type Got = { state: 'idle' } | { state: 'busy' } | { state: 'done'; blocks: ContentBlock[]; roles?: string[] } | { state: 'failed'; error: string };

function Outcome({ got }: { got: Got }) {
  if (got.state === 'failed') return <p role="alert" className="text-xs text-err">{got.error}</p>;
  if (got.state !== 'done') return null;
  return (
    <section aria-label="Answer" data-testid="mcp-result" className="flex flex-col gap-1 rounded border border-line p-2">
      {got.roles
        ? got.blocks.map((b, i) => (
            <div key={i}><span className="text-[11.5px] font-medium text-muted">{got.roles![i]}</span><ContentView blocks={[b]} /></div>
          ))
        : <ContentView blocks={got.blocks} />}
    </section>
  );
}

export function ResourceRead({ sessionId, item, live }: { sessionId: string; item: McpResource | McpResourceTemplate; live: boolean }) {
  const template = 'uriTemplate' in item;
  const [uri, setUri] = useState(template ? item.uriTemplate : item.uri);
  const [got, setGot] = useState<Got>({ state: 'idle' });
  const read = async () => {
    setGot({ state: 'busy' });
    const a = await request(sessionId, 'resources/read', { uri });
    setGot(a.ok ? { state: 'done', blocks: readResourceContents(a.result) } : { state: 'failed', error: a.error });
  };
  return (
    <div className="flex flex-col gap-2">
      <div>
        <h3 className="font-mono text-[13px] font-semibold text-fg">{item.name}</h3>
        {item.description ? <p className="text-xs text-muted">{item.description}</p> : null}
      </div>
      {template ? (
        <Field label="URI (fill in the {placeholders})" htmlFor="mcp-template-uri">
          <TextInput id="mcp-template-uri" code value={uri} onChange={(e) => setUri(e.target.value)} />
        </Field>
      ) : <div className="font-mono text-xs text-muted">{uri}{'mimeType' in item && item.mimeType ? ` · ${item.mimeType}` : ''}</div>}
      <Button variant="primary" className="self-start" disabled={!live || got.state === 'busy'} onClick={() => void read()}>{got.state === 'busy' ? 'Reading…' : 'Read'}</Button>
      <Outcome got={got} />
    </div>
  );
}

export function PromptGet({ sessionId, item, live }: { sessionId: string; item: McpPrompt; live: boolean }) {
  const [args, setArgs] = useState<Record<string, string>>({});
  const [got, setGot] = useState<Got>({ state: 'idle' });
  const missing = item.arguments.filter((a) => a.required && !(args[a.name] ?? '').trim()).map((a) => a.name);
  const get = async () => {
    setGot({ state: 'busy' });
    const given = Object.fromEntries(Object.entries(args).filter(([, v]) => v !== ''));
    const a = await request(sessionId, 'prompts/get', { name: item.name, arguments: given });
    if (!a.ok) return setGot({ state: 'failed', error: a.error });
    const messages = readPromptMessages(a.result);
    setGot({ state: 'done', blocks: messages.map((m) => m.block), roles: messages.map((m) => m.role) });
  };
  return (
    <div className="flex flex-col gap-2">
      <div>
        <h3 className="font-mono text-[13px] font-semibold text-fg">{item.name}</h3>
        {item.description ? <p className="text-xs text-muted">{item.description}</p> : null}
      </div>
      {item.arguments.map((a) => (
        <Field key={a.name} label={`${a.name}${a.required ? ' *' : ''}`} htmlFor={`mcp-prompt-${a.name}`} hint={a.description}>
          <TextInput id={`mcp-prompt-${a.name}`} value={args[a.name] ?? ''} onChange={(e) => setArgs({ ...args, [a.name]: e.target.value })} />
        </Field>
      ))}
      {missing.length ? <p className="text-[11.5px] text-faint">Required: {missing.join(', ')}</p> : null}
      <Button variant="primary" className="self-start" disabled={!live || got.state === 'busy' || missing.length > 0} onClick={() => void get()}>{got.state === 'busy' ? 'Getting…' : 'Get prompt'}</Button>
      <Outcome got={got} />
    </div>
  );
}
