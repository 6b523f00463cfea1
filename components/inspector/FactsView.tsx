import type { TrafficEvent } from '@/lib/session/types';

function Row({ name, children }: { name: string; children: React.ReactNode }) {
  return (
    <tr className="border-t border-line/60 align-top">
      <td className="py-0.5 pr-3 font-mono text-[12px] whitespace-nowrap text-muted">{name}</td>
      <td className="py-0.5 font-mono text-[12px] break-all text-fg">{children}</td>
    </tr>
  );
}

export function hasFacts(ev: TrafficEvent): boolean {
  return !!(ev.http || ev.ws || ev.process || ev.dap);
}

/** Transport facts: HTTP status line and headers, WebSocket close, process pid/exit, DAP fields. */
export function FactsView({ ev }: { ev: TrafficEvent }) {
  const { http, ws, process, dap } = ev;
  if (!hasFacts(ev)) return <p className="text-[12.5px] text-muted">No transport facts recorded for this entry.</p>;
  return (
    <div className="flex flex-col gap-3">
      {http ? (
        <section>
          <h4 className="mb-1 text-[11.5px] font-semibold text-muted uppercase">HTTP</h4>
          {http.status !== undefined ? (
            <div className={`mb-1 font-mono text-[13px] ${http.status >= 400 ? 'text-err' : http.status >= 300 ? 'text-warn' : 'text-ok'}`} data-testid="http-status">
              {http.status} {http.statusText ?? ''}
            </div>
          ) : null}
          <table className="w-full">
            <tbody>
              {http.method || http.url ? <Row name="request">{http.method ?? 'POST'} {http.url ?? ''}</Row> : null}
              {http.sse ? <Row name="sse">{`event ${http.sse.event ?? 'message'}${http.sse.id ? `, id ${http.sse.id}` : ''}`}</Row> : null}
              {Object.entries(http.headers ?? {}).map(([k, v]) => <Row key={k} name={k}>{v}</Row>)}
            </tbody>
          </table>
        </section>
      ) : null}
      {ws ? (
        <section>
          <h4 className="mb-1 text-[11.5px] font-semibold text-muted uppercase">WebSocket</h4>
          <table className="w-full"><tbody>
            {ws.conn !== undefined ? <Row name="connection">#{ws.conn} (the tap&apos;s relayed WebSocket)</Row> : null}
            {ws.binary !== undefined ? <Row name="frame">{ws.binary ? 'binary' : 'text'}</Row> : null}
            {ws.closeCode !== undefined ? <Row name="close code">{ws.closeCode}</Row> : null}
            {ws.closeReason ? <Row name="close reason">{ws.closeReason}</Row> : null}
          </tbody></table>
        </section>
      ) : null}
      {process ? (
        <section>
          <h4 className="mb-1 text-[11.5px] font-semibold text-muted uppercase">Process</h4>
          <table className="w-full"><tbody>
            {process.pid !== undefined ? <Row name="pid">{process.pid}</Row> : null}
            {process.exitCode !== undefined ? <Row name="exit code">{String(process.exitCode)}</Row> : null}
            {process.signal ? <Row name="signal">{process.signal}</Row> : null}
          </tbody></table>
        </section>
      ) : null}
      {dap ? (
        <section>
          <h4 className="mb-1 text-[11.5px] font-semibold text-muted uppercase">Debug Adapter Protocol</h4>
          <p className="mb-1 text-[12px] text-muted">DAP uses the same framing as LSP but is not JSON-RPC; it is shown as DAP, not flagged as invalid.</p>
          <table className="w-full"><tbody>
            <Row name="seq">{dap.seq}</Row>
            <Row name="type">{dap.type}</Row>
            {dap.command ? <Row name="command">{dap.command}</Row> : null}
            {dap.event ? <Row name="event">{dap.event}</Row> : null}
            {dap.request_seq !== undefined ? <Row name="request_seq">{dap.request_seq}</Row> : null}
            {dap.success !== undefined ? <Row name="success">{String(dap.success)}</Row> : null}
          </tbody></table>
        </section>
      ) : null}
    </div>
  );
}
