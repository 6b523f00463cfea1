'use client';
/**
 * The "to server / to client" choice above a tap session's composer: which side of the tapped
 * conversation the Request and Batch panels write into, and for a proxy tap relaying WebSockets
 * into which one (InjectConnControl). Only tap sessions show it.
 */
import type { InjectTo } from '@/lib/inject/inject';
import { serverSide } from '@/lib/targets/tap';
import { useSessions } from '@/components/stores/sessions';
import { injectToOf, useInjectTo } from '@/components/stores/inject-to';
import { Segmented } from '@/components/ui/Segmented';
import { InjectConnControl } from './InjectConnControl';

export function InjectToControl({ sessionId }: { sessionId: string }) {
  const target = useSessions((s) => s.sessions[sessionId]?.summary.target);
  const to = useInjectTo((s) => injectToOf(s, sessionId));
  const setTo = useInjectTo((s) => s.set);
  if (target?.kind !== 'tap') return null;
  const server = serverSide(target);
  const client = target.client ?? 'the client';
  // The id rule is worth saying where the choice is made: the preview still shows the builder's id.
  const ids = 'a request gets an id of rpcscope’s own (rpcscope-inject-N) and its answer is kept from the other side';
  const options: { value: InjectTo; label: string; title: string }[] = [
    { value: 'server', label: 'to server', title: `Write into the conversation towards ${server}, as if ${client} had sent it; ${ids}` },
    { value: 'client', label: 'to client', title: `Write into the conversation towards ${client}, as if ${server} had sent it; ${ids}` },
  ];
  return (
    <div className="ml-auto flex items-center gap-1.5 self-center" data-testid="inject-to">
      <span className="text-[11.5px] text-muted">Inject</span>
      <Segmented size="xs" label="Inject into the conversation" value={to} options={options} onChange={(v) => setTo(sessionId, v)} />
      {target.to !== undefined ? <InjectConnControl sessionId={sessionId} /> : null}
    </div>
  );
}
