/**
 * TCP target (language servers' `--socket`, DAP adapters): a plain socket whose bytes go to the
 * session's framing decoder, exactly like stdio without the process.
 */
import net from 'node:net';
import type { TcpTarget } from '../../lib/session/types';
import { messageOf, networkErrorWords } from './errors';
import { SendQueue, sendQueueLimits, SendRefusedError } from './send-queue';
import { toBuffer } from './text';
import type { Transport, TransportEvents, TransportOptions } from './types';

const DEFAULT_CONNECT_TIMEOUT = 10_000;
const DEFAULT_CLOSE_WAIT = 300;

export class TcpTransport implements Transport {
  readonly kind = 'tcp' as const;
  readonly stream = true;
  private socket: net.Socket | undefined;
  private open = false;
  private gone = false;
  private readonly connectTimeout: number;
  private readonly closeWait: number;
  private readonly where: string;
  private readonly queue: SendQueue;

  constructor(
    private readonly target: TcpTarget,
    private readonly events: TransportEvents,
    options: TransportOptions = {},
  ) {
    this.queue = new SendQueue(sendQueueLimits(options.sendQueue), {
      stuck: (note) => this.events.onSendQueue?.({ stuck: true, note }),
      drained: (note) => this.events.onSendQueue?.({ stuck: false, note }),
    });
    this.connectTimeout = options.connectTimeoutMs ?? DEFAULT_CONNECT_TIMEOUT;
    this.closeWait = options.closeWaitMs ?? DEFAULT_CLOSE_WAIT;
    this.where = `${target.host}:${target.port}`;
  }

  start(): Promise<void> {
    const { host, port } = this.target;
    if (!host) return Promise.reject(new Error('no host given'));
    if (!Number.isInteger(port) || port < 1 || port > 65535) {
      return Promise.reject(new Error(`invalid port: ${String(port)}`));
    }
    return new Promise<void>((resolve, reject) => {
      let settled = false;
      const socket = net.connect({ host, port });
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
          reject(new Error(networkErrorWords(err, this.where)));
          return;
        }
        this.events.onError?.(networkErrorWords(err, this.where));
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

export function createTcpTransport(target: TcpTarget, events: TransportEvents, options?: TransportOptions): Transport {
  return new TcpTransport(target, events, options);
}
