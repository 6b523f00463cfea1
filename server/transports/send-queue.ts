/**
 * What a transport has accepted but the target has not taken yet (bytes still in a pipe's or a
 * socket's user-space buffer). A target that stops reading would otherwise make that buffer, and
 * the server's memory, grow without end: past the cap a send is refused in plain words, and the
 * session is told once that the target is not reading, and again when it drains.
 */
import { formatBytes } from './errors';

export interface SendQueueLimits {
  /** Bytes accepted but not yet taken by the target (default 8 MiB). */
  maxBytes: number;
  /** Messages accepted but not yet taken by the target (default 10 000). */
  maxMessages: number;
}

export const DEFAULT_SEND_QUEUE: SendQueueLimits = { maxBytes: 8 * 1024 * 1024, maxMessages: 10_000 };

/** Server-wide defaults can be changed with RPCSCOPE_SEND_QUEUE_BYTES / RPCSCOPE_SEND_QUEUE_MESSAGES. */
export function sendQueueLimits(given: Partial<SendQueueLimits> = {}, env: Record<string, string | undefined> = process.env): SendQueueLimits {
  const fromEnv = (name: string): number | undefined => {
    const n = Number(env[name]);
    return Number.isInteger(n) && n > 0 ? n : undefined;
  };
  return {
    maxBytes: given.maxBytes ?? fromEnv('RPCSCOPE_SEND_QUEUE_BYTES') ?? DEFAULT_SEND_QUEUE.maxBytes,
    maxMessages: given.maxMessages ?? fromEnv('RPCSCOPE_SEND_QUEUE_MESSAGES') ?? DEFAULT_SEND_QUEUE.maxMessages,
  };
}

/** How every note about a stuck queue begins (the session's failure line shows it until it drains). */
export const NOT_READING = 'target is not reading';

/** A send the transport will not take: the target is not reading what it already has. */
export class SendRefusedError extends Error {
  constructor(message: string, readonly queuedBytes: number) {
    super(message);
  }
}

export interface SendQueueEvents {
  /** The target stopped taking what it is sent (announced once per episode). */
  stuck(note: string): void;
  /** Everything queued was taken again. */
  drained(note: string): void;
}

/** How long the queue may stay over half its cap before the target counts as not reading. */
const STUCK_AFTER_MS = 1000;

export class SendQueue {
  private bytesQueued = 0;
  private messagesQueued = 0;
  private stuck = false;
  private stuckTimer: NodeJS.Timeout | undefined;

  constructor(
    private readonly limits: SendQueueLimits,
    private readonly events: SendQueueEvents,
  ) {}

  get bytes(): number {
    return this.bytesQueued;
  }

  get messages(): number {
    return this.messagesQueued;
  }

  /**
   * Throws SendRefusedError when `size` more bytes would pass a cap. An empty queue takes any one
   * message, however large: the cap bounds what piles up, not what may be sent.
   */
  admit(size: number): void {
    if (this.messagesQueued === 0) return;
    const overBytes = this.bytesQueued + size > this.limits.maxBytes;
    const overMessages = this.messagesQueued + 1 > this.limits.maxMessages;
    if (!overBytes && !overMessages) return;
    this.markStuck();
    const cap = overBytes ? `the ${formatBytes(this.limits.maxBytes)} cap` : `the cap of ${this.limits.maxMessages} messages`;
    throw new SendRefusedError(
      `send refused: ${this.stuckNote()}; this message would pass ${cap}. Wait until the target reads, or close the session.`,
      this.bytesQueued,
    );
  }

  /** Counts one accepted message; call the returned function once the target has taken it (or it failed). */
  take(size: number): () => void {
    this.bytesQueued += size;
    this.messagesQueued++;
    // A burst to a target that reads is normal; a queue that stays high is not.
    if (this.overHalf() && !this.stuck && !this.stuckTimer) {
      this.stuckTimer = setTimeout(() => {
        this.stuckTimer = undefined;
        if (this.overHalf()) this.markStuck();
      }, STUCK_AFTER_MS);
      this.stuckTimer.unref();
    }
    let released = false;
    return () => {
      if (released) return;
      released = true;
      this.bytesQueued -= size;
      this.messagesQueued--;
      if (this.messagesQueued === 0 && this.stuck) {
        this.stuck = false;
        this.events.drained('target is reading again (send queue drained)');
      }
    };
  }

  private overHalf(): boolean {
    return this.bytesQueued > this.limits.maxBytes / 2 || this.messagesQueued > this.limits.maxMessages / 2;
  }

  private stuckNote(): string {
    return `${NOT_READING} (${this.bytesQueued} bytes queued in ${this.messagesQueued} message${this.messagesQueued === 1 ? '' : 's'})`;
  }

  private markStuck(): void {
    if (this.stuck) return;
    this.stuck = true;
    this.events.stuck(this.stuckNote());
  }
}
