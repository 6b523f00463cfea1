/**
 * WebSocket target through the `ws` client: custom headers and subprotocols, one message per
 * frame (text, or binary decoded as UTF-8 when it is), close code and reason recorded. The target
 * may send at any time, so every frame goes straight to onMessage. UTF-8 is checked here, not by
 * `ws`: a text frame that is not UTF-8 is kept (raw bytes in base64) before the connection is
 * failed with 1007, as RFC 6455 §8.1 asks; `ws` would drop the frame and report 1006.
 */
import WebSocket from 'ws';
import type { WebSocketTarget } from '../../lib/session/types';
import { formatBytes, hostPort, messageOf, networkErrorWords } from './errors';
import { SendQueue, sendQueueLimits, SendRefusedError } from './send-queue';
import { decodeUtf8, headerRecord, toBuffer } from './text';
import type { Transport, TransportEvents, TransportOptions } from './types';

const DEFAULT_MAX_MESSAGE = 64 * 1024 * 1024;
const DEFAULT_CONNECT_TIMEOUT = 10_000;
const DEFAULT_CLOSE_WAIT = 1000;
const HANDSHAKE_BODY_CAP = 2048;
const INVALID_UTF8 = 1007;

const CLOSE_CODE_WORDS: Record<number, string> = {
  1000: 'normal closure',
  1001: 'going away',
  1002: 'protocol error',
  1003: 'unsupported data',
  1005: 'no status code',
  1006: 'connection lost without a close frame',
  1007: 'invalid frame payload data',
  1008: 'policy violation',
  1009: 'message too big',
  1010: 'missing extension',
  1011: 'internal error',
  1012: 'service restart',
  1013: 'try again later',
  1015: 'TLS handshake failure',
};

export function closeWords(code: number, reason: string): string {
  const meaning = CLOSE_CODE_WORDS[code];
  return `closed with code ${code}${meaning ? ` (${meaning})` : ''}${reason ? `: ${reason}` : ''}`;
}

export class WebSocketTransport implements Transport {
  get kind(): WebSocketTarget['kind'] {
    return this.target.kind;
  }
  readonly stream = false;
  private ws: WebSocket | undefined;
  private closedInfo: string | undefined;
  private closeFired = false;
  private readonly maxMessage: number;
  private readonly connectTimeout: number;
  private readonly closeWait: number;
  private readonly queue: SendQueue;
  /** Set when rpcscope failed the connection itself (1007): the code it sent is the true one. */
  private failedWith: { code: number; reason: string } | undefined;

  constructor(
    private readonly target: WebSocketTarget,
    private readonly events: TransportEvents,
    options: TransportOptions = {},
  ) {
    this.queue = new SendQueue(sendQueueLimits(options.sendQueue), {
      stuck: (note) => this.events.onSendQueue?.({ stuck: true, note }),
      drained: (note) => this.events.onSendQueue?.({ stuck: false, note }),
    });
    this.maxMessage = options.maxBodyBytes ?? DEFAULT_MAX_MESSAGE;
    this.connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT;
    this.closeWait = options.closeWaitMs ?? DEFAULT_CLOSE_WAIT;
  }

  start(): Promise<void> {
    let url: URL;
    try {
      url = new URL(this.target.url);
    } catch {
      return Promise.reject(new Error(`invalid URL: ${this.target.url}`));
    }
    if (!['ws:', 'wss:', 'http:', 'https:'].includes(url.protocol)) {
      return Promise.reject(new Error(`unsupported URL scheme "${url.protocol}" (use ws: or wss:): ${this.target.url}`));
    }
    const where = hostPort(url);
    return new Promise<void>((resolve, reject) => {
      let opened = false;
      let failed = false;
      const fail = (message: string) => {
        if (opened || failed) return;
        failed = true;
        reject(new Error(message));
      };
      let ws: WebSocket;
      try {
        ws = new WebSocket(url, this.target.subprotocols ?? [], {
          headers: this.target.headers ?? {},
          handshakeTimeout: this.connectTimeout,
          maxPayload: this.maxMessage,
          followRedirects: false,
          skipUTF8Validation: true,
        });
      } catch (err) {
        reject(new Error(`cannot open WebSocket to ${url.href}: ${messageOf(err)}`));
        return;
      }
      this.ws = ws;

      ws.on('unexpected-response', (req, res) => {
        const http = {
          status: res.statusCode,
          statusText: res.statusMessage,
          headers: headerRecord(res.rawHeaders),
          url: url.href,
          method: 'GET',
        };
        const parts: Buffer[] = [];
        let size = 0;
        const report = () => {
          const body = Buffer.concat(parts).toString('utf8').trim();
          const auth = http.headers['www-authenticate'];
          this.events.onMeta?.('WebSocket handshake refused', { http });
          fail(
            `WebSocket handshake refused: HTTP ${res.statusCode}${res.statusMessage ? ` ${res.statusMessage}` : ''} from ${url.href}` +
              (auth ? ` (WWW-Authenticate: ${auth})` : '') +
              (body ? ` — ${body.slice(0, 300)}` : ''),
          );
          req.destroy();
        };
        res.on('data', (chunk: Buffer) => {
          if (size < HANDSHAKE_BODY_CAP) parts.push(chunk.subarray(0, HANDSHAKE_BODY_CAP - size));
          size += chunk.length;
        });
        res.on('end', report);
        res.on('close', report);
        res.on('error', () => undefined);
      });

      ws.on('open', () => {
        opened = true;
        const proto = ws.protocol ? ` (subprotocol ${ws.protocol})` : '';
        this.events.onMeta?.(`connected to ${url.href}${proto}`, { ws: {} });
        resolve();
      });

      ws.on('message', (data: WebSocket.RawData, isBinary: boolean) => {
        // Default binaryType is nodebuffer, so this is a Buffer; the other shapes are handled anyway.
        const bytes = Buffer.isBuffer(data) ? data : Array.isArray(data) ? Buffer.concat(data) : Buffer.from(data);
        const { text, rawBase64 } = decodeUtf8(bytes);
        this.events.onMessage?.({
          text,
          ...(rawBase64 ? { rawBase64 } : {}),
          ...(isBinary ? { ws: { binary: true } } : {}),
        });
        if (rawBase64 && !isBinary && !this.failedWith) {
          // A binary frame may carry any bytes; a text frame must be UTF-8 or the connection fails.
          this.failedWith = { code: INVALID_UTF8, reason: 'text frame is not valid UTF-8' };
          ws.close(this.failedWith.code, this.failedWith.reason);
        }
      });

      ws.on('error', (err: Error & { code?: string }) => {
        if (!opened) {
          if (/handshake has timed out/i.test(err.message)) fail(`WebSocket handshake timed out: ${url.href}`);
          else fail(networkErrorWords(err, where));
          return;
        }
        if (err.code === 'WS_ERR_UNSUPPORTED_MESSAGE_LENGTH') {
          this.events.onError?.(`a message from the target is larger than the ${formatBytes(this.maxMessage)} limit`);
        } else {
          this.events.onError?.(networkErrorWords(err, where));
        }
      });

      ws.on('close', (peerCode: number, reasonBuf: Buffer) => {
        // Whatever the peer echoed (or 1006 when it just dropped), the code that ended it is ours.
        const code = this.failedWith?.code ?? peerCode;
        const reason = this.failedWith ? `${this.failedWith.reason} (the bad frame is kept as raw bytes)` : reasonBuf.toString('utf8');
        this.closedInfo = this.failedWith ? `rpcscope ${closeWords(code, reason)}` : closeWords(code, reason);
        if (!opened) {
          fail(`WebSocket closed before it opened: ${url.href}`);
          return;
        }
        this.events.onMeta?.(this.closedInfo, { ws: { closeCode: code, closeReason: reason } });
        if (!this.closeFired) {
          this.closeFired = true;
          this.events.onClose?.(this.closedInfo);
        }
      });
    });
  }

  admit(size: number): void {
    this.queue.admit(size);
  }

  /** Resolves once the frame is queued on the socket; a peer that never reads must not hold the caller. */
  send(data: Uint8Array | string): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState !== WebSocket.OPEN) {
      return Promise.reject(new Error(`WebSocket is not open${this.closedInfo ? ` (${this.closedInfo})` : ''}`));
    }
    const size = typeof data === 'string' ? Buffer.byteLength(data) : data.byteLength;
    try {
      this.queue.admit(size);
    } catch (err) {
      return Promise.reject(err instanceof SendRefusedError ? err : new Error(messageOf(err)));
    }
    const release = this.queue.take(size);
    // A failed write also closes the socket, and the close says why.
    const done = () => release();
    if (typeof data === 'string') ws.send(data, done);
    else ws.send(toBuffer(data), { binary: true }, done);
    return Promise.resolve();
  }

  async close(): Promise<void> {
    const ws = this.ws;
    if (!ws || ws.readyState === WebSocket.CLOSED) return;
    const gone = new Promise<void>((resolve) => ws.once('close', () => resolve()));
    if (ws.readyState === WebSocket.CONNECTING) {
      ws.terminate();
      await gone;
      return;
    }
    if (ws.readyState === WebSocket.OPEN) ws.close(1000, 'closed by rpcscope');
    let timer: NodeJS.Timeout | undefined;
    const waited = await Promise.race([
      gone.then(() => true),
      new Promise<boolean>((resolve) => {
        timer = setTimeout(() => resolve(false), this.closeWait);
      }),
    ]);
    clearTimeout(timer);
    if (!waited) {
      ws.terminate();
      await gone;
    }
  }
}

export function createWebSocketTransport(
  target: WebSocketTarget,
  events: TransportEvents,
  options?: TransportOptions,
): WebSocketTransport {
  return new WebSocketTransport(target, events, options);
}
