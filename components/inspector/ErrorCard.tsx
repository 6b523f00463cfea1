import { useMemo } from 'react';
import type { DecodedError } from '@/lib/session/types';
import { parseJsonLossless } from '@/lib/timeline/json';
import { JsonTree } from './JsonTree';
import { errorSourceLabel } from '@/lib/dialects/registry';

/** The error a response carried, decoded: code, catalog name and meaning, and where that came from. */
export function ErrorCard({ error }: { error: DecodedError }) {
  const data = useMemo(() => {
    if (error.data === undefined) return null;
    const text = JSON.stringify(error.data);
    if (text === undefined) return null;
    const r = parseJsonLossless(text);
    return r.ok ? r.node : null;
  }, [error.data]);
  return (
    <div className="rounded border border-err/40 bg-err-bg px-3 py-2" data-testid="decoded-error">
      <div className="flex flex-wrap items-baseline gap-2">
        <span className="font-mono text-[13px] font-semibold text-err">{error.code ?? '(no code)'}</span>
        <span className="text-[13px] font-semibold text-err">{error.name}</span>
        <span className="ml-auto rounded bg-bg/60 px-1.5 text-[11px] text-muted" title="Which catalog decoded this code">{errorSourceLabel(error.source)}</span>
      </div>
      {error.meaning ? <div className="mt-0.5 text-[12px] text-fg">{error.meaning}</div> : null}
      <div className="mt-1 font-mono text-[12px] break-words text-muted">message: <span className="text-fg">{JSON.stringify(error.message)}</span></div>
      {data ? (
        <div className="mt-1">
          <div className="text-[11.5px] text-muted">data:</div>
          <JsonTree node={data} defaultOpenDepth={1} />
        </div>
      ) : null}
    </div>
  );
}
