/** Builds TrafficEvents the way the server records them, for the timeline's pure tests. */
import type { TrafficEvent } from '@/lib/session/types';

export function ev(partial: Partial<TrafficEvent> & Pick<TrafficEvent, 'seq' | 'kind' | 'dir'>): TrafficEvent {
  return { t: partial.seq * 10, time: 1_700_000_000_000 + partial.seq * 10, raw: '', findings: [], ...partial };
}

export function lookupOf(events: TrafficEvent[]) {
  const bySeq = new Map(events.map((e) => [e.seq, e]));
  return (seq: number) => bySeq.get(seq);
}

/** A realistic session: request/response pairs, some errors, pending calls, notifications, stderr. */
export function conversation(n: number): TrafficEvent[] {
  const methods = ['initialize', 'textDocument/hover', 'textDocument/completion', 'workspace/symbol', 'shutdown'];
  const out: TrafficEvent[] = [];
  let seq = 1;
  while (out.length < n) {
    const method = methods[seq % methods.length];
    const id = seq;
    const reqSeq = seq++;
    const kindRoll = reqSeq % 20;
    if (kindRoll === 7) {
      out.push(ev({ seq: reqSeq, dir: 'in', kind: 'notification', method: 'window/logMessage', raw: `Content-Length: 60\r\n\r\n{"jsonrpc":"2.0","method":"window/logMessage","params":{"n":${reqSeq}}}` }));
      continue;
    }
    if (kindRoll === 13) {
      out.push(ev({ seq: reqSeq, dir: 'meta', kind: 'stderr', raw: `debug line ${reqSeq}` }));
      continue;
    }
    const pending = kindRoll === 3;
    const req = ev({
      seq: reqSeq, dir: 'out', kind: 'request', id, idText: String(id), method,
      raw: `Content-Length: 70\r\n\r\n{"jsonrpc":"2.0","id":${id},"method":"${method}","params":{"uri":"file:///x/${reqSeq}.ts"}}`,
      state: pending ? 'pending' : 'answered',
    });
    out.push(req);
    if (pending || out.length >= n) continue;
    const resSeq = seq++;
    req.pair = resSeq;
    const isError = kindRoll === 6;
    out.push(ev({
      seq: resSeq, dir: 'in', kind: isError ? 'error' : 'response', id, idText: String(id), pair: reqSeq,
      latencyMs: (reqSeq % 1000) + 0.5, state: 'answered',
      raw: isError ? `{"jsonrpc":"2.0","id":${id},"error":{"code":-32601,"message":"nope"}}` : `{"jsonrpc":"2.0","id":${id},"result":{"ok":true}}`,
      error: isError ? { code: -32601, message: 'nope', name: 'Method not found', meaning: 'The method does not exist', source: 'jsonrpc' } : undefined,
      findings: reqSeq % 50 === 1 ? [{ rule: 'jsonrpc-version', severity: 'error', message: 'jsonrpc is not "2.0"' }] : [],
    }));
  }
  return out.slice(0, n);
}
