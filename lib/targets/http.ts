/** HTTP targets: each message is POSTed; SSE replies (MCP Streamable HTTP) are split into messages. */
import { z } from 'zod';
import { headerRows, type HeaderRow, type TargetKindDef } from './kind';
import { hasScheme, headersOf, targetHeaders, urlWith } from './parts';

export const HTTP_URL_SCHEMES = ['http', 'https'] as const;

export const HttpTargetSchema = z.object({
  kind: z.literal('http'),
  url: urlWith(HTTP_URL_SCHEMES),
  headers: targetHeaders.optional(),
});
export type HttpTarget = z.infer<typeof HttpTargetSchema>;

/**
 * For what only an HTTP target has (its URL's POST exchanges, MCP's Streamable HTTP session, a HAR
 * of them): the one test of a target's kind for HTTP, so no other file spells the kind.
 */
export const isHttpTarget = (target: { kind: string }): target is HttpTarget => target.kind === 'http';

export interface HttpForm {
  url: string;
  headers: HeaderRow[];
}

export const http: TargetKindDef<HttpTarget, HttpForm, typeof HttpTargetSchema> = {
  kind: 'http',
  label: 'HTTP',
  stream: false,
  perRequestExchanges: true,
  schema: HttpTargetSchema,
  roles: { url: 'url', headers: 'headers' },
  describe: (t) => t.url,
  key: (t) => `http ${t.url}`,
  urlSchemes: HTTP_URL_SCHEMES,
  cli: {
    flag: '--http',
    value: 'URL',
    usage: '[--header "Name: value"]...',
    build: (a) =>
      hasScheme(a.value, HTTP_URL_SCHEMES)
        ? { ok: true, target: { kind: 'http', url: a.value, headers: a.headers } }
        : { ok: false, error: `not a URL: ${JSON.stringify(a.value)}` },
  },
  form: {
    initial: { url: '', headers: [] },
    fields: [
      {
        control: 'text', key: 'url', label: 'URL', id: 'target-http-url', placeholder: 'http://127.0.0.1:8545/',
        hint: 'POSTed with Content-Type: application/json; SSE replies (MCP Streamable HTTP) are split into messages.',
      },
      { control: 'headers', key: 'headers', label: 'Headers', id: 'http' },
    ],
    build(f) {
      const url = f.url.trim();
      if (!url) return { ok: false, error: 'Enter the HTTP URL of the target' };
      const h = headersOf(f.headers);
      if (!h.ok) return h;
      return { ok: true, target: { kind: 'http', url, ...(h.headers ? { headers: h.headers } : {}) } };
    },
    fromTarget: (t) => ({ url: t.url, headers: headerRows(t.headers) }),
  },
};
