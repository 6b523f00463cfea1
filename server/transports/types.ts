/**
 * One small interface for every transport. Stream transports (stdio, tcp) hand raw bytes to the
 * session, which runs them through a framing decoder; message transports (http, websocket) hand
 * whole bodies with their transport facts. The session owns classification and recording.
 */
import type { Framing, HttpMeta, ProcessMeta, TargetSpec, WsMeta } from '../../lib/session/types';
import type { SendQueueLimits } from './send-queue';

export interface IncomingMessage {
  /** Body as text (UTF-8 decoded). */
  text: string;
  /** Set when the bytes were not valid UTF-8. */
  rawBase64?: string;
  http?: HttpMeta;
  ws?: WsMeta;
}

export interface TransportEvents {
  /** Stream transports: stdout / socket bytes, in arrival order. */
  onBytes?(chunk: Uint8Array): void;
  /** Message transports: one whole message (an HTTP body or SSE event data, a WebSocket frame). */
  onMessage?(msg: IncomingMessage): void;
  /** An HTTP reply with an empty body (status and headers still recorded). */
  onEmptyReply?(http: HttpMeta): void;
  /**
   * HTTP: the exchange of the POST recorded under `ref` is over. Every body it brought was handed
   * on before this; `failure` says in plain words why it ended without a reply (connection
   * refused, TLS failure, cut off), and is absent when a reply (empty or not) came back.
   */
  onExchangeEnd?(ref: number | undefined, end: { failure?: string; http?: HttpMeta }): void;
  /** The send queue: the target stopped taking what it is sent (`stuck`), or took it all again. */
  onSendQueue?(state: { stuck: boolean; note: string }): void;
  /** Side output (stderr), one line at a time, never fed to the parser. */
  onStderr?(line: string): void;
  /** Connection facts worth a timeline entry: connected, pid, closed with code, exit code/signal. */
  onMeta?(note: string, facts?: { process?: ProcessMeta; ws?: WsMeta; http?: HttpMeta }): void;
  /**
   * A failure in plain words (command not found, connection refused, HTTP 401 …). Not fatal by
   * itself: only onClose means the transport is gone. A send refused up front rejects that call's
   * promise instead of firing onError; a write that fails after `send` returned fires onError.
   */
  onError?(message: string): void;
  /**
   * The transport is gone for good (process exited, socket closed). Fired once, and only if start
   * got as far as a connection or a process: a refused connection or a missing command only
   * rejects start. (A process that exits during start fires it and also rejects start.)
   */
  onClose?(reason: string): void;
}

export interface Transport {
  readonly kind: TargetSpec['kind'];
  /** Whether `send` takes already framed bytes (stdio, tcp) or one message text (http, websocket). */
  readonly stream: boolean;
  /**
   * Connect / spawn. Rejects with a plain-words Error when it cannot. Events may fire before it
   * resolves (a pid, a banner on stdout, a WebSocket greeting), so wire the events first.
   */
  start(): Promise<void>;
  /**
   * Throws SendRefusedError (server/transports/send-queue.ts) when a message of `size` bytes would
   * pass the send queue's cap. Synchronous, so a caller can check before recording the message.
   */
  admit(size: number): void;
  /**
   * Send one message. Stream transports get the framed bytes; message transports get the text.
   * Resolves once the bytes are handed over (queued for the target), never waiting for the
   * target to read them or answer: answers arrive through the events. Rejects when the transport
   * is not open or the send queue is full; a write that fails later is reported by onError (and,
   * for HTTP, onExchangeEnd).
   */
  send(data: Uint8Array | string, ref?: number): Promise<void>;
  /** Close gracefully, then forcefully (stdio: stdin end → SIGTERM → SIGKILL). Idempotent. */
  close(): Promise<void>;
  /**
   * HTTP (MCP Streamable HTTP): initialize was answered. Later requests carry the negotiated
   * MCP-Protocol-Version and the server's standalone GET stream opens (server/transports/mcp-stream.ts).
   */
  openServerStream?(info: { protocolVersion?: string }): void;
  /** Message transports: facts recorded with each outgoing message (HTTP: its method and URL). */
  outgoingFacts?(): { http?: HttpMeta };
}

/**
 * What the registry hands a session: a stream transport also says how its bytes are framed, so
 * the session asks only the transport whether to run a decoder, and one without framing does not
 * compile.
 */
export type SessionTransport =
  | (Transport & { readonly stream: true; readonly framing: Framing })
  | (Transport & { readonly stream: false });

/** Limits and waits; every field is optional and has a sensible default. */
export interface TransportOptions {
  /** Largest HTTP reply body / SSE event / WebSocket message accepted, in bytes (default 64 MiB). */
  maxBodyBytes?: number;
  /** Connect / handshake timeout in ms (default 10 000). */
  connectTimeoutMs?: number;
  /** stdio: after start, how long an immediate exit still counts as "failed to start" (default 200 ms). */
  startGraceMs?: number;
  /** stdio: wait after closing stdin before SIGTERM (default 300 ms); tcp/ws: wait for a clean close. */
  closeWaitMs?: number;
  /** stdio: wait after SIGTERM before SIGKILL (default 1000 ms). */
  killWaitMs?: number;
  /** stdio: longest stderr line kept whole; longer lines are cut into pieces (default 16 KiB). */
  maxStderrLine?: number;
  /** Send queue caps (see server/transports/send-queue.ts for the defaults). */
  sendQueue?: Partial<SendQueueLimits>;
}

export type TransportFactory = (
  target: TargetSpec,
  events: TransportEvents,
  options?: TransportOptions,
) => Transport;
