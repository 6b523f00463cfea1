'use client';
import { useState } from 'react';
import { useSessions } from '@/components/stores/sessions';
import { Button } from '@/components/ui/Button';
import { Code } from '@/components/ui/EmptyState';
import { CONNECTABLE_KIND_LIST, targetKindLabel } from '@/lib/targets/registry';
import { stdio, type StdioTarget } from '@/lib/targets/stdio';

/** The transports the connect form offers, as users call them (from the target-kind registry). */
const TRANSPORTS = CONNECTABLE_KIND_LIST.map(targetKindLabel);
const TRANSPORT_WORDS = `${TRANSPORTS.slice(0, -1).join(', ')} or ${TRANSPORTS[TRANSPORTS.length - 1]}`;

const EXAMPLE: StdioTarget = { kind: stdio.kind, command: 'node', args: ['tests/fixtures/peers/stdio-peer.mjs'], framing: 'content-length' };

/** The first screen: what rpcscope does and one click to see it work. */
export function Welcome({ hasSessions }: { hasSessions: boolean }) {
  const connect = useSessions((s) => s.connect);
  const [error, setError] = useState<string | null>(null);
  const [busy, setBusy] = useState(false);
  const tryExample = async () => {
    setBusy(true);
    setError(null);
    try {
      await connect(EXAMPLE, 'example stdio peer');
    } catch (e) {
      setError(e instanceof Error ? e.message : String(e));
    } finally {
      setBusy(false);
    }
  };
  return (
    <div className="flex h-full items-center justify-center p-8">
      <div className="max-w-[560px]">
        <h1 className="text-[16px] font-semibold">{hasSessions ? 'Pick a session on the left' : 'Connect to a target on the left'}</h1>
        <p className="mt-2 text-[13px] leading-relaxed text-muted">
          rpcscope sits between you and a JSON-RPC peer — a language server, an MCP server, an Ethereum node — and shows every message
          that crosses the wire: paired with its answer, timed, checked against the spec, with the exact bytes.
        </p>
        <ol className="mt-4 flex list-decimal flex-col gap-1.5 pl-5 text-[13px] text-fg">
          <li>Choose a transport ({TRANSPORT_WORDS}) and fill in the target.</li>
          <li>Compose a request in the <b>Request</b> tab, or a batch in <b>Batch</b>, and press <Code>Ctrl+Enter</Code>.</li>
          <li>Click any entry in the timeline to inspect it; <Code>p</Code> jumps between a request and its response.</li>
        </ol>
        <div className="mt-5 rounded border border-line bg-panel px-3 py-2.5">
          <div className="text-[12.5px] text-muted">Try it with the bundled example peer (stdio, Content-Length framing):</div>
          <div className="mt-1.5 flex items-center gap-2">
            <code className="min-w-0 flex-1 truncate font-mono text-[12.5px]">node tests/fixtures/peers/stdio-peer.mjs</code>
            <Button variant="primary" onClick={tryExample} disabled={busy}>{busy ? 'Starting…' : 'Connect to it'}</Button>
          </div>
          {error ? <div role="alert" className="mt-2 font-mono text-[12px] whitespace-pre-wrap text-err">{error}</div> : null}
        </div>
        <p className="mt-4 text-[12px] text-faint">Press <Code>?</Code> at any time for keyboard shortcuts and the filter syntax.</p>
      </div>
    </div>
  );
}
