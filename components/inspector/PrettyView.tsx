'use client';
import { useMemo } from 'react';
import type { TrafficEvent } from '@/lib/session/types';
import type { SeqLookup } from '@/lib/timeline/status';
import { parseJsonLossless } from '@/lib/timeline/json';
import { splitWire } from '@/lib/timeline/wire';
import { stderrText, visibleText } from '@/lib/timeline/format';
import { CopyButton } from '@/components/ui/CopyButton';
import { JsonTree } from './JsonTree';
import { BatchItems } from './BatchItems';

const TEXT_KINDS = new Set(['stderr', 'connection', 'exit', 'no-body']);

/** The message as a JSON tree (numbers exact, duplicate keys kept); what is not JSON is shown as text with where it breaks. */
export function PrettyView({ ev, lookup }: { ev: TrafficEvent; lookup: SeqLookup }) {
  const parsed = useMemo(() => {
    if (TEXT_KINDS.has(ev.kind)) return null;
    const { body } = splitWire(ev.raw);
    return { body, result: parseJsonLossless(body.replace(/\r?\n$/, '')) };
  }, [ev.kind, ev.raw]);

  if (!parsed) {
    const text = ev.kind === 'stderr' ? stderrText(ev.raw) : visibleText(ev.note ?? ev.raw);
    return <pre className="font-mono text-[12px] leading-[18px] break-all whitespace-pre-wrap text-fg">{text || '(empty)'}</pre>;
  }
  const { body, result } = parsed;
  return (
    <div className="flex flex-col gap-3">
      {ev.items ? <BatchItems ev={ev} lookup={lookup} /> : null}
      {result.ok ? (
        <div>
          <div className="-mt-1 mb-1 flex justify-end">
            <CopyButton label="Copy JSON" text={() => body} />
          </div>
          <JsonTree node={result.node} />
        </div>
      ) : (
        <div className="flex flex-col gap-1.5">
          <div className="rounded border border-warn/40 bg-warn-bg px-2 py-1 text-[12px] text-warn">
            Not valid JSON: {result.error} (at character {result.offset}).
          </div>
          <pre className="font-mono text-[12px] leading-[18px] break-all whitespace-pre-wrap text-fg">
            {body.slice(0, result.offset)}
            <mark className="rounded-sm bg-err-bg text-err">{body.slice(result.offset, result.offset + 1) || '⏎'}</mark>
            {body.slice(result.offset + 1, 200_000)}
          </pre>
        </div>
      )}
    </div>
  );
}
