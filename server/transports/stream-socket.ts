/**
 * A connected byte-stream socket (TCP, Unix domain socket, Windows named pipe) whose bytes go to
 * the session's framing decoder, exactly like stdio without the process. tcp.ts and unix.ts only
 * say where to connect.
 */
import net from 'node:net';
import type { Framing, TargetKind } from '../../lib/session/types';
import { messageOf, networkErrorWords } from './errors';
import { SendQueue, sendQueueLimits, SendRefusedError } from './send-queue';
import { toBuffer } from './text';
import type { Transport, TransportEvents, TransportOptions } from './types';

const DEFAULT_CONNECT_TIMEOUT = 10_000;
const DEFAULT_CLOSE_WAIT = 300;

/** Where to connect, and how the address reads in messages (`127.0.0.1:2087`, `/tmp/lsp.sock`). */
export interface SocketAddress<K extends TargetKind> {
  kind: K;
  connect: net.NetConnectOpts;
  where: string;
  framing: Framing;
  /** Why the address cannot be used, checked before connecting. */
  invalid?: string;
  /** Plain words for failures only this kind of address has (a missing socket file); else the network's. */
  errorWords?(err: NodeJS.ErrnoException): string | undefined;
}

export class StreamSocketTransport<K extends TargetKind> implements Transport {
  readonly kind: K;
  readonly stream = true;
  readonly framing: Framing;
  private socket: net.Socket | undefined;
  private open = false;
  private gone = false;
  private readonly connectTimeout: number;
  private readonly closeWait: number;
  private readonly where: string;
  private readonly queue: SendQueue;

  constructor(
    private readonly address: SocketAddress<K>,
    private readonly events: TransportEvents,
    options: TransportOptions = {},
  ) {
    this.kind = address.kind;
    this.queue = new SendQueue(sendQueueLimits(options.sendQueue), {
      stuck: (note) => this.events.onSendQueue?.({ stuck: true, note }),
      drained: (note) => this.events.onSendQueue?.({ stuck: false, note }),
    });
    this.framing = address.framing;
    this.connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT;
    this.closeWait = options.closeWaitMs ?? DEFAULT_CLOSE_WAIT;
    this.where = address.where;
  }

  start(): Promise<void> {
    if (this.address.invalid) return Promise.reject(new Error(this.address.invalid));
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const socket = net.connect(this.address.connect);
      this.socket = socket;
      const timer = setTimeout(() => {
        socket.destroy(Object.assign(new Error('connect timed out'), { code: 'ETIMEDOUT' }));
      }, this.connectTimeout);
      socket.once('connect', () => {
        clearTimeout(timer);
        settled = true;
        this.open = true;
        this.events.onMeta?.(`connected to ${this.where}`);
        resolve();
      });
      socket.on('data', (chunk: Buffer) => this.events.onBytes?.(chunk));
      socket.on('error', (err) => {
        if (!settled) {
          clearTimeout(timer);
          settled = true;
          reject(new Error(this.words(err)));
          return;
        }
        this.events.onError?.(this.words(err));
      });
      socket.once('close', (hadError) => {
        this.gone = true;
        if (!this.open) {
          clearTimeout(timer);
          if (!settled) {
            settled = true;
            reject(new Error(`connection to ${this.where} closed before it was established`));
          }
          return;
        }
        const note = hadError ? `connection to ${this.where} lost` : `connection to ${this.where} closed`;
        this.events.onMeta?.(note);
        this.events.onClose?.(note);
      });
    });
  }

  private words(err: NodeJS.ErrnoException): string {
    return this.address.errorWords?.(err) ?? networkErrorWords(err, this.where);
  }

  admit(size: number): void {
    this.queue.admit(size);
  }

  /** Resolves once the bytes are queued on the socket; a peer that never reads must not hold the caller. */
  send(data: Uint8Array | string): Promise<void> {
    const socket = this.socket;
    if (!socket || !this.open) return Promise.reject(new Error('not connected'));
    if (this.gone || socket.destroyed || socket.writableEnded) {
      return Promise.reject(new Error(`connection to ${this.where} is closed`));
    }
    const bytes = toBuffer(data);
    try {
      this.queue.admit(bytes.length);
    } catch (err) {
      return Promise.reject(err instanceof SendRefusedError ? err : new Error(messageOf(err)));
    }
    const release = this.queue.take(bytes.length);
    // A write that fails also fails the socket, whose 'error' and 'close' say so once.
    socket.write(bytes, () => release());
    return Promise.resolve();
  }

  async close(): Promise<void> {
    const socket = this.socket;
    if (!socket || this.gone) return;
    const closed = new Promise<void>((resolve) => socket.once('close', () => resolve()));
    socket.end();
    let timer: NodeJS.Timeout | undefined;
    await Promise.race([closed, new Promise<void>((resolve) => (timer = setTimeout(resolve, this.closeWait)))]);
    clearTimeout(timer);
    if (!this.gone) {
      socket.destroy();
      await closed;
    }
  }
}
