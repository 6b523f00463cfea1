'use client';
/** Result content as blocks: text as text, images in <img> and sound in <audio> from data: URLs only (lib/mcp/content.ts). */
import type { ContentBlock } from '@/lib/mcp/content';

export function ContentView({ blocks }: { blocks: readonly ContentBlock[] }) {
  if (blocks.length === 0) return <p className="text-xs text-faint">No content.</p>;
  return (
    <div className="flex flex-col gap-1.5">
      {blocks.map((b, i) => <Block key={i} b={b} />)}
    </div>
  );
}

function Block({ b }: { b: ContentBlock }) {
  switch (b.type) {
    case 'text':
      return <pre className="font-mono text-[12px] break-words whitespace-pre-wrap text-fg" data-testid="mcp-text">{b.text}</pre>;
    case 'image':
      return <img src={b.src} alt={`image (${b.mimeType}) from the tool`} className="max-h-64 max-w-full self-start rounded border border-line" data-testid="mcp-image" />;
    case 'audio':
      return <audio controls src={b.src} aria-label={`audio (${b.mimeType}) from the tool`} data-testid="mcp-audio" />;
    case 'resource':
      return (
        <div className="rounded border border-line p-1.5 text-[12px]">
          <div className="font-mono text-muted">{b.uri}{b.mimeType ? ` · ${b.mimeType}` : ''}</div>
          {b.text !== undefined ? <pre className="mt-1 font-mono break-words whitespace-pre-wrap text-fg">{b.text}</pre> : null}
          {b.blobBytes !== undefined ? <div className="text-faint">binary, {b.blobBytes} bytes</div> : null}
        </div>
      );
    case 'resource_link':
      return <div className="font-mono text-[12px] text-muted">link: {b.name ? `${b.name} ` : ''}{b.uri}</div>;
    case 'other':
      return <pre className="font-mono text-[12px] break-words whitespace-pre-wrap text-muted">{b.json}</pre>;
  }
}
