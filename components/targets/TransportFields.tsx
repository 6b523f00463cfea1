'use client';
/** The fields each transport needs, as users of that transport expect them. */
import { Code } from '@/components/ui/EmptyState';
import { FRAMING_OPTIONS, Field, Select, TextArea, TextInput } from './fields';
import { HeaderList } from './HeaderList';
import { stdioArgv, type TargetForm } from './form';

type Props<K extends keyof TargetForm> = { value: TargetForm[K]; onChange(v: TargetForm[K]): void };

export function HttpFields({ value, onChange }: Props<'http'>) {
  return (
    <>
      <Field label="URL" htmlFor="target-http-url" hint="POSTed with Content-Type: application/json; SSE replies (MCP Streamable HTTP) are split into messages.">
        <TextInput id="target-http-url" mono placeholder="http://127.0.0.1:8545/" value={value.url} onChange={(e) => onChange({ ...value, url: e.target.value })} />
      </Field>
      <Field label="Headers">
        <HeaderList idPrefix="http" rows={value.headers} onChange={(headers) => onChange({ ...value, headers })} />
      </Field>
    </>
  );
}

export function WebSocketFields({ value, onChange }: Props<'websocket'>) {
  return (
    <>
      <Field label="URL" htmlFor="target-ws-url">
        <TextInput id="target-ws-url" mono placeholder="ws://127.0.0.1:9000/" value={value.url} onChange={(e) => onChange({ ...value, url: e.target.value })} />
      </Field>
      <Field label="Headers">
        <HeaderList idPrefix="ws" rows={value.headers} onChange={(headers) => onChange({ ...value, headers })} />
      </Field>
      <Field label="Subprotocols" htmlFor="target-ws-proto" hint="Comma-separated, offered in this order.">
        <TextInput id="target-ws-proto" mono placeholder="jsonrpc" value={value.subprotocols} onChange={(e) => onChange({ ...value, subprotocols: e.target.value })} />
      </Field>
    </>
  );
}

function ArgvPreview({ value }: { value: TargetForm['stdio'] }) {
  const r = stdioArgv(value);
  if (!r.ok) return value.commandLine.trim() || value.command.trim() ? <div className="text-[11.5px] text-err">{r.error}</div> : null;
  return (
    <div className="flex flex-wrap items-center gap-1" aria-label="Arguments as they will be passed">
      {r.argv.map((a, i) => (
        <span key={i} className={`rounded border px-1 font-mono text-[11.5px] ${i === 0 ? 'border-sel-line bg-sel text-fg' : 'border-line bg-panel text-fg'}`}>
          {a === '' ? <span className="text-faint">(empty)</span> : a}
        </span>
      ))}
    </div>
  );
}

export function StdioFields({ value, onChange }: Props<'stdio'>) {
  return (
    <>
      {value.argsMode === 'line' ? (
        <Field
          label="Command line"
          htmlFor="target-stdio-cmd"
          hint={<>Split into words like a shell would, then run <b>without</b> a shell: no pipes, <Code>$VARS</Code> or globs.</>}
        >
          <TextInput id="target-stdio-cmd" mono placeholder="node tests/fixtures/peers/stdio-peer.mjs" value={value.commandLine} onChange={(e) => onChange({ ...value, commandLine: e.target.value })} />
        </Field>
      ) : (
        <>
          <Field label="Command" htmlFor="target-stdio-command">
            <TextInput id="target-stdio-command" mono placeholder="node" value={value.command} onChange={(e) => onChange({ ...value, command: e.target.value })} />
          </Field>
          <Field label="Arguments, one per line" htmlFor="target-stdio-args" hint="Each line is passed as one argument, exactly as written.">
            <TextArea id="target-stdio-args" rows={3} value={value.argsText} onChange={(e) => onChange({ ...value, argsText: e.target.value })} />
          </Field>
        </>
      )}
      <div className="flex items-start justify-between gap-2">
        <ArgvPreview value={value} />
        <button
          type="button"
          className="shrink-0 text-[11.5px] text-accent hover:underline"
          onClick={() => onChange({ ...value, argsMode: value.argsMode === 'line' ? 'list' : 'line' })}
        >
          {value.argsMode === 'line' ? 'One per line' : 'Command line'}
        </button>
      </div>
      <Field label="Framing" htmlFor="target-stdio-framing">
        <Select id="target-stdio-framing" value={value.framing} options={FRAMING_OPTIONS} onChange={(framing) => onChange({ ...value, framing })} />
      </Field>
      <Field label="Working directory" htmlFor="target-stdio-cwd" hint="Empty: the directory rpcscope was started in.">
        <TextInput id="target-stdio-cwd" mono placeholder="(server's directory)" value={value.cwd} onChange={(e) => onChange({ ...value, cwd: e.target.value })} />
      </Field>
      <Field label="Environment, NAME=value per line" htmlFor="target-stdio-env" hint="Added to a safe inherited set (PATH, HOME, …).">
        <TextArea id="target-stdio-env" rows={2} placeholder="RUST_LOG=debug" value={value.envText} onChange={(e) => onChange({ ...value, envText: e.target.value })} />
      </Field>
    </>
  );
}

export function TcpFields({ value, onChange }: Props<'tcp'>) {
  return (
    <>
      <div className="flex gap-2">
        <div className="min-w-0 flex-1">
          <Field label="Host" htmlFor="target-tcp-host">
            <TextInput id="target-tcp-host" mono value={value.host} onChange={(e) => onChange({ ...value, host: e.target.value })} />
          </Field>
        </div>
        <div className="w-24">
          <Field label="Port" htmlFor="target-tcp-port">
            <TextInput id="target-tcp-port" mono inputMode="numeric" placeholder="2087" value={value.port} onChange={(e) => onChange({ ...value, port: e.target.value })} />
          </Field>
        </div>
      </div>
      <Field label="Framing" htmlFor="target-tcp-framing">
        <Select id="target-tcp-framing" value={value.framing} options={FRAMING_OPTIONS} onChange={(framing) => onChange({ ...value, framing })} />
      </Field>
    </>
  );
}
