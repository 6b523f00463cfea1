'use client';
/**
 * The Intercept control of a live tap session (issue 12 item 5): off by default; turned on, the
 * breakpoints — one timeline query per line, checked with the filter's own diagnostics — hold
 * matching messages in the tap. The Held list shows each waiting message with its timer. Turning
 * it off releases (forwards) everything held. Renders nothing for other sessions.
 */
import { useEffect, useMemo, useState } from 'react';
import { checkBreakpoints } from '@/lib/intercept/breakpoints';
import { holdsUpWords } from '@/lib/intercept/words';
import { useSessions } from '@/components/stores/sessions';
import { Button, Toggle } from '@/components/ui/Button';
import { TextArea } from '@/components/ui/Field';
import { HeldRow } from './HeldRow';
import { useIntercept } from './useIntercept';

export function InterceptPanel({ sessionId, live }: { sessionId: string; live: boolean }) {
  const kind = useSessions((s) => s.sessions[sessionId]?.summary.target.kind);
  if (kind !== 'tap' || !live) return null;
  return <Panel key={sessionId} sessionId={sessionId} />;
}

const linesOf = (text: string) => text.split('\n').map((l) => l.trim()).filter((l) => l.length > 0);

function useNow(active: boolean): number {
  const [now, setNow] = useState(() => Date.now());
  useEffect(() => {
    if (!active) return;
    const t = setInterval(() => setNow(Date.now()), 250);
    return () => clearInterval(t);
  }, [active]);
  return now;
}

function Panel({ sessionId }: { sessionId: string }) {
  const c = useIntercept(sessionId, true);
  // The proxy tap keeps order per POST, stream and socket, not per direction: the hint says which.
  const proxy = useSessions((st) => { const t = st.sessions[sessionId]?.summary.target; return t?.kind === 'tap' && t.to !== undefined; });
  const s = c.status;
  const [draft, setDraft] = useState<string | null>(null);
  const text = draft ?? (s?.breakpoints.join('\n') || '');
  const lines = useMemo(() => linesOf(text), [text]);
  const problems = useMemo(() => checkBreakpoints(lines), [lines]);
  const held = s?.held ?? [];
  const now = useNow(held.length > 0);
  if (!s) return null;
  if (!s.available) return <div className="border-b border-line px-3 py-1 text-[12px] text-faint" data-testid="intercept-panel">Intercept: {s.why}</div>;
  const applied = s.on && lines.join('\n') === s.breakpoints.join('\n');
  const canApply = lines.length > 0 && problems.length === 0 && !c.busy;

  return (
    <section className="border-b border-line bg-panel" aria-label="Intercept" data-testid="intercept-panel">
      <div className="flex items-start gap-2 px-3 py-1.5">
        <Toggle
          on={s.on}
          tone="warn"
          title={s.on ? 'Turn off: everything held is forwarded' : 'Hold messages the breakpoints match'}
          onChange={(on) => void (on ? (canApply ? c.setBreakpoints(lines) : undefined) : c.setBreakpoints([]).then((ok) => ok && setDraft(text)))}
        >
          Intercept {s.on ? 'on' : 'off'}
        </Toggle>
        <div className="min-w-0 flex-1">
          <TextArea
            code
            rows={Math.min(4, Math.max(1, lines.length + (text.endsWith('\n') ? 1 : 0)))}
            value={text}
            onChange={(e) => setDraft(e.target.value)}
            placeholder="method:textDocument/documentSymbol   (one breakpoint per line, the timeline filter's syntax)"
            aria-label="Breakpoints"
            className="w-full"
          />
          {problems.map((p) => (
            <div key={p.index} className="text-[11.5px] text-err" role="alert">line {p.index + 1}: {p.diagnostics.map((d) => d.message).join('; ')}</div>
          ))}
          <div className="text-[11px] text-faint">
            <span data-testid="intercept-lanes">{holdsUpWords(proxy)}</span> An answer counts as its request&apos;s method, as in the timeline: add <code>kind:request</code> to hold only requests.
          </div>
        </div>
        {s.on && !applied ? <Button size="xs" variant="primary" disabled={!canApply} onClick={() => void c.setBreakpoints(lines)}>Apply</Button> : null}
        {held.length ? <Button size="xs" disabled={c.busy} onClick={() => void c.releaseAll()} title="Forward everything held, unchanged, in order">Release all</Button> : null}
      </div>
      {c.error ? <div className="px-3 pb-1 text-[12px] text-err" role="alert">{c.error}</div> : null}
      {held.length ? (
        <div>
          <div className="px-3 text-[11px] font-semibold tracking-wide text-muted uppercase">Held ({held.length})</div>
          <ul className="max-h-72 overflow-auto" aria-label="Held messages">
            {held.map((h) => (
              <HeldRow key={h.hold} h={h} now={now} busy={c.busy} onForward={(t) => c.forward(h.hold, t)} onDrop={() => c.drop(h.hold)} />
            ))}
          </ul>
        </div>
      ) : s.on ? (
        <div className="px-3 pb-1.5 text-[11.5px] text-faint">Nothing held yet: matching messages wait here.</div>
      ) : null}
    </section>
  );
}
