/**
 * Following a published session on its team server: the page's live block names a same-origin
 * event stream; new entries and comments arrive as they are published. EventSource reconnects by
 * itself; each reconnect asks from the last seq this page holds, so nothing is missed or doubled.
 */
import { HTML_LIVE_ID, type LiveViewConfig } from '../lib/export/html-ids';
import type { SessionComment, TrafficEvent } from '../lib/session/types';

export interface LiveHandlers {
  events(events: TrafficEvent[]): void;
  comment(c: SessionComment): void;
  state(text: string): void;
}

export function readLiveConfig(doc: Document): LiveViewConfig | undefined {
  const block = doc.getElementById(HTML_LIVE_ID);
  if (!block) return undefined;
  try {
    const v = JSON.parse(block.textContent ?? '') as Partial<LiveViewConfig>;
    return typeof v.streamUrl === 'string' ? { streamUrl: v.streamUrl, commentUrl: typeof v.commentUrl === 'string' ? v.commentUrl : undefined } : undefined;
  } catch {
    return undefined;
  }
}

export function followLive(cfg: LiveViewConfig, lastSeq: () => number, on: LiveHandlers): void {
  let source: EventSource | undefined;
  const open = () => {
    source = new EventSource(`${cfg.streamUrl}?after=${lastSeq()}`);
    source.onopen = () => on.state('live');
    source.onmessage = (m: MessageEvent<string>) => {
      const msg = JSON.parse(m.data) as { type: string; events?: TrafficEvent[]; comment?: SessionComment };
      if (msg.type === 'events' && msg.events) on.events(msg.events.filter((e) => e.seq > lastSeq()));
      else if (msg.type === 'comment' && msg.comment) on.comment(msg.comment);
      else if (msg.type === 'done') {
        on.state('finished');
        source?.close();
      }
    };
    source.onerror = () => {
      // Closed for good (the server refused): reopen later from where this page is.
      on.state('reconnecting…');
      if (source?.readyState === EventSource.CLOSED) setTimeout(open, 3000);
    };
  };
  open();
}

/** Posts a comment; answers the refusal in words, or null. */
export async function postComment(url: string, seq: number, text: string): Promise<string | null> {
  try {
    const res = await fetch(url, { method: 'POST', credentials: 'same-origin', headers: { 'content-type': 'application/json' }, body: JSON.stringify({ seq, text }) });
    if (res.ok) return null;
    const body = (await res.json().catch(() => ({}))) as { error?: string };
    return body.error ?? `refused (${res.status})`;
  } catch (err) {
    return `could not reach the team server: ${(err as Error).message}`;
  }
}
