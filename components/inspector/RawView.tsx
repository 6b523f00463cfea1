'use client';
import { useMemo, useState } from 'react';
import type { TrafficEvent } from '@/lib/session/types';
import { base64ToBytes, hexDump, splitWire } from '@/lib/timeline/wire';
import { formatBytes, splitReplacement, visibleText } from '@/lib/timeline/format';
import { CopyButton } from '@/components/ui/CopyButton';

const SHOWN_CHARS = 512 * 1024;

/** Makes CR, LF and tabs visible, and invisible or direction-changing characters shown as escapes. */
function Visible({ text, lossy = false }: { text: string; lossy?: boolean }) {
  const parts = text.split(/(\r\n|\r|\n|\t)/);
  return (
    <>
      {parts.map((p, i) =>
        p === '\r\n' ? <span key={i}><span className="text-faint">\r\n</span>{'\n'}</span>
        : p === '\r' ? <span key={i} className="text-faint">\r</span>
        : p === '\n' ? <span key={i}><span className="text-faint">\n</span>{'\n'}</span>
        : p === '\t' ? <span key={i} className="text-faint">\t</span>
        : lossy ? <Lossy key={i} text={visibleText(p)} />
        : visibleText(p),
      )}
    </>
  );
}

/** Where bytes that are not valid UTF-8 decoded to U+FFFD, a badge says the text there is a lossy rendering. */
function Lossy({ text }: { text: string }) {
  return (
    <>
      {splitReplacement(text).map((p, i) =>
        p.startsWith('\uFFFD') ? (
          <span key={i}>
            {p}
            <span className="mx-0.5 rounded border border-warn/40 px-1 font-sans text-[10.5px] text-warn" data-testid="lossy-badge" title="These bytes are not valid UTF-8; the Hex view shows them exactly">lossy decode</span>
          </span>
        ) : (
          p
        ),
      )}
    </>
  );
}

function HexView({ b64 }: { b64: string }) {
  const { lines, truncated, size } = useMemo(() => {
    const bytes = base64ToBytes(b64);
    return { ...hexDump(bytes), size: bytes.length };
  }, [b64]);
  return (
    <div className="font-mono text-[12px] leading-[18px]">
      <div className="mb-1 font-sans text-[11.5px] text-muted">{formatBytes(size)} — these bytes are not valid UTF-8, so the exact bytes are shown in hex.</div>
      {lines.map((l) => (
        <div key={l.offset} className="flex gap-3 whitespace-pre">
          <span className="text-faint">{l.offset}</span>
          <span className="text-fg">{l.hex.padEnd(48)}</span>
          <span className="text-muted">{l.ascii}</span>
        </div>
      ))}
      {truncated ? <div className="mt-1 font-sans text-[11.5px] text-faint">Hex view stops at 64 KiB.</div> : null}
    </div>
  );
}

/** Exactly what crossed the wire: the framing header (dimmed), the body, control characters shown. */
export function RawView({ ev }: { ev: TrafficEvent }) {
  const [showControls, setShowControls] = useState(true);
  const [mode, setMode] = useState<'text' | 'hex'>(ev.rawBase64 ? 'hex' : 'text');
  const [showAll, setShowAll] = useState(false);
  const { header, body } = useMemo(() => splitWire(ev.raw), [ev.raw]);
  const cut = !showAll && body.length > SHOWN_CHARS;
  const shownBody = cut ? body.slice(0, SHOWN_CHARS) : body;
  return (
    <div className="flex flex-col gap-2">
      <div className="flex flex-wrap items-center gap-2 text-[11.5px] text-muted">
        <span>{ev.raw.length.toLocaleString()} characters{header ? ' · framing header included' : ''}</span>
        {ev.rawBase64 ? (
          <span className="inline-flex rounded border border-line">
            {(['hex', 'text'] as const).map((m) => (
              <button key={m} type="button" onClick={() => setMode(m)} className={`px-1.5 ${mode === m ? 'bg-sel text-fg' : 'hover:bg-hover'}`}>{m === 'hex' ? 'Hex' : 'Text (lossy)'}</button>
            ))}
          </span>
        ) : null}
        <label className="inline-flex items-center gap-1">
          <input type="checkbox" checked={showControls} onChange={(e) => setShowControls(e.target.checked)} /> show \r \n
        </label>
        <CopyButton className="ml-auto" label="Copy raw" text={() => ev.raw} />
      </div>
      {mode === 'hex' && ev.rawBase64 ? (
        <HexView b64={ev.rawBase64} />
      ) : (
        <pre className="font-mono text-[12px] leading-[18px] break-all whitespace-pre-wrap" data-testid="raw-wire">
          {header ? <span className="text-faint">{showControls ? <Visible text={header} /> : header}</span> : null}
          <span className="text-fg">{showControls ? <Visible text={shownBody} lossy={!!ev.rawBase64} /> : ev.rawBase64 ? <Lossy text={shownBody} /> : shownBody}</span>
        </pre>
      )}
      {cut ? (
        <button type="button" onClick={() => setShowAll(true)} className="w-fit text-[11.5px] text-accent hover:underline">
          Show the remaining {(body.length - SHOWN_CHARS).toLocaleString()} characters
        </button>
      ) : null}
    </div>
  );
}
