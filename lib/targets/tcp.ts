/** TCP targets (language servers' `--socket`, DAP adapters): a byte stream with framed messages. */
import { z } from 'zod';
import type { TargetKindDef } from './kind';
import { framingSchema, needFraming, FRAMING_USAGE } from './parts';

export const TcpTargetSchema = z.object({
  kind: z.literal('tcp'),
  host: z.string().min(1, 'host is empty').max(255).regex(/^[A-Za-z0-9.:\-[\]%_]+$/, 'host must be a name or an IP address'),
  port: z.number().int().min(1).max(65535),
  framing: framingSchema,
});
export type TcpTarget = z.infer<typeof TcpTargetSchema>;

export interface TcpForm {
  host: string;
  port: string;
  framing: TcpTarget['framing'];
}

export const tcp: TargetKindDef<TcpTarget, TcpForm, typeof TcpTargetSchema> = {
  kind: 'tcp',
  label: 'TCP',
  stream: true,
  perRequestExchanges: false,
  schema: TcpTargetSchema,
  roles: { host: 'text', port: 'plain', framing: 'plain' },
  describe: (t) => `${t.host}:${t.port}`,
  key: (t) => `tcp ${t.host}:${t.port}`,
  cli: {
    flag: '--tcp',
    value: 'HOST:PORT',
    usage: FRAMING_USAGE,
    build(a) {
      const m = /^(.+):(\d+)$/.exec(a.value ?? '');
      if (!m) return { ok: false, error: `--tcp wants HOST:PORT, got ${JSON.stringify(a.value)}` };
      const f = needFraming('--tcp', a.framing);
      if (!f.ok) return f;
      return { ok: true, target: { kind: 'tcp', host: m[1], port: Number(m[2]), framing: f.framing } };
    },
  },
  form: {
    initial: { host: '127.0.0.1', port: '', framing: 'content-length' },
    fields: [
      { control: 'text', key: 'host', label: 'Host', id: 'target-tcp-host' },
      { control: 'number', key: 'port', label: 'Port', id: 'target-tcp-port', placeholder: '2087', narrow: true },
      { control: 'framing', key: 'framing', label: 'Framing', id: 'target-tcp-framing' },
    ],
    build(f) {
      const host = f.host.trim();
      const port = Number(f.port.trim());
      if (!host) return { ok: false, error: 'Enter the host to connect to' };
      if (!/^\d+$/.test(f.port.trim()) || port < 1 || port > 65535) return { ok: false, error: 'The port must be a number from 1 to 65535' };
      return { ok: true, target: { kind: 'tcp', host, port, framing: f.framing } };
    },
    fromTarget: (t) => ({ host: t.host, port: String(t.port), framing: t.framing }),
  },
};
