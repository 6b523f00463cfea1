/**
 * What the tap's conversation thread tells its recording thread (recording-client.ts →
 * recording-host.ts): copies of what already went on, and the few facts the recording needs. The
 * conversation thread only passes bytes and posts these; framing, the pipeline and the sinks (the
 * database, the app's socket) run in the worker, so a slow recording never slows the conversation.
 * HTTP exchanges are named by the proxy's own numbers; the worker pairs them with the seqs it gave.
 */
import type { WireExtras } from '../../lib/session/pipeline';
import type { TapInject } from '../../lib/session/tap-wire';
import type { TapTarget } from '../../lib/targets/tap';
import type { TapConnection } from '../../lib/session/tap-connections';
import type { Side } from './recording';
import type { InterceptOp } from './intercept-ops';
import type { TapInterceptAsk } from '../../lib/intercept/wire';
import type { EdgeState } from './frame-edges';
import type { HttpRecordOp } from './proxy-record';
import type { ForwardShared } from './forward-channel';

export interface ExchangeRef {
  id: number;
  /** This message is the exchange's request (an HTTP request body). */
  opens?: boolean;
}

export type RecordingOp =
  /** A copy of `side`'s bytes, at `at` in the shared ring (copy-ring.ts), or in the forwarding thread's (forward-channel.ts). */
  | { op: 'bytes'; side: Side; at: number; length: number; ring?: 'forward' }
  /** Bytes that went on but were not copied (the worker fell behind): the side's decoder starts afresh. */
  | { op: 'gap'; side: Side; bytes: number }
  | { op: 'stderr'; line: string }
  | { op: 'note'; text: string; extras: WireExtras; exchange?: number }
  /** `inject`: rpcscope wrote this message (the HTTP/WebSocket tap's inject); record it marked and answer the app's ask of that ref. */
  | { op: 'message'; side: Side; body: string; extras: WireExtras; exchange?: ExchangeRef; inject?: number }
  /** An HTTP exchange is over: its request is settled by its last reply, or by a note saying `why`. */
  | { op: 'exchange-end'; id: number; failed: boolean; why: string; extras: WireExtras }
  /** An injected frame went on in `side`'s direction (issue 12 item 4): record it marked, answer the app's ask `ref`. */
  | { op: 'injected'; side: Side; chunk: Uint8Array; ref: number }
  | { op: 'inject-refused'; ref: number; error: string }
  /** The WebSockets the proxy tap relays now (after one opened or closed), for the app's composer. */
  | { op: 'connections'; conns: TapConnection[] }
  /** Where `side`'s frame edges stand after every copy before this op (splice.ts asks before it cuts); answered by reply `edges`. */
  | { op: 'edges'; side: Side; ref: number }
  | { op: 'end'; exit: { code: number | null; signal: string | null } | null; why: string }
  /** Intercepting (issue 12 item 5): intercept-ops.ts. */
  | InterceptOp
  /** The proxy tap's HTTP exchanges, as raw copies (proxy-record.ts). */
  | HttpRecordOp;

/** What the worker says back: it is ready to record, ring bytes it has copied out (they are free again), that it finished, and the app's inject asks. */
export type HostReply = { op: 'ready' } | { op: 'took'; bytes: number } | { op: 'done' } | { op: 'inject'; ask: TapInject } | { op: 'intercept'; ask: TapInterceptAsk } | { op: 'stop' } | { op: 'edges'; ref: number; state: EdgeState };

export interface HostInit {
  target: TapTarget;
  name?: string;
  out?: string;
  dataDir: string;
  verbose: boolean;
}

/** What the worker starts with: the tap's facts, and the ring its copies arrive in. */
export interface WorkerInit extends HostInit {
  ring: SharedArrayBuffer;
  /** recording-pace.ts's PaceSignal: how busy the conversation is. */
  pace: SharedArrayBuffer;
  /** The stdio tap's forwarding thread's ring and records (forward-channel.ts), when it has one. */
  forward?: ForwardShared;
}
