/** WebSocket targets: one message per text frame, subprotocols offered in order. */
import { z } from 'zod';
import { LIMITS, headerToken } from '../session/schema-blocks';
import { headerRows, type HeaderRow, type TargetKindDef } from './kind';
import { hasScheme, headersOf, targetHeaders, urlWith } from './parts';

export const WEBSOCKET_URL_SCHEMES = ['ws', 'wss'] as const;

export const WebSocketTargetSchema = z.object({
  kind: z.literal('websocket'),
  url: urlWith(WEBSOCKET_URL_SCHEMES),
  headers: targetHeaders.optional(),
  subprotocols: z.array(z.string().min(1).max(LIMITS.headerNameChars).regex(headerToken)).max(LIMITS.subprotocols).optional(),
});
export type WebSocketTarget = z.infer<typeof WebSocketTargetSchema>;

export interface WebSocketForm {
  url: string;
  headers: HeaderRow[];
  /** Comma-separated. */
  subprotocols: string;
}

export const websocket: TargetKindDef<WebSocketTarget, WebSocketForm, typeof WebSocketTargetSchema> = {
  kind: 'websocket',
  label: 'WebSocket',
  stream: false,
  perRequestExchanges: false,
  schema: WebSocketTargetSchema,
  roles: { url: 'url', headers: 'headers', subprotocols: 'texts' },
  describe: (t) => t.url,
  key: (t) => `websocket ${t.url}`,
  urlSchemes: WEBSOCKET_URL_SCHEMES,
  cli: {
    flag: '--ws',
    value: 'URL',
    usage: '[--header "Name: value"]... [--subprotocol P]',
    build: (a) =>
      hasScheme(a.value, WEBSOCKET_URL_SCHEMES)
        ? { ok: true, target: { kind: 'websocket', url: a.value, headers: a.headers, subprotocols: a.subprotocols } }
        : { ok: false, error: `not a URL: ${JSON.stringify(a.value)}` },
  },
  form: {
    initial: { url: '', headers: [], subprotocols: '' },
    fields: [
      { control: 'text', key: 'url', label: 'URL', id: 'target-ws-url', placeholder: 'ws://127.0.0.1:9000/' },
      { control: 'headers', key: 'headers', label: 'Headers', id: 'ws' },
      { control: 'text', key: 'subprotocols', label: 'Subprotocols', id: 'target-ws-proto', placeholder: 'jsonrpc', hint: 'Comma-separated, offered in this order.' },
    ],
    build(f) {
      const url = f.url.trim();
      if (!url) return { ok: false, error: 'Enter the WebSocket URL of the target' };
      const h = headersOf(f.headers);
      if (!h.ok) return h;
      const subprotocols = f.subprotocols.split(',').map((s) => s.trim()).filter(Boolean);
      return { ok: true, target: { kind: 'websocket', url, ...(h.headers ? { headers: h.headers } : {}), ...(subprotocols.length ? { subprotocols } : {}) } };
    },
    fromTarget: (t) => ({ url: t.url, headers: headerRows(t.headers), subprotocols: (t.subprotocols ?? []).join(', ') }),
  },
};
