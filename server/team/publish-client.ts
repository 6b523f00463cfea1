/**
 * The publishing side, for the CLI and the local app: a session file goes through the same
 * redaction pass as file exports (lib/redaction) before anything leaves the machine, then to the
 * team server with a personal access token. A live publisher appends events as they come; after
 * a drop it asks the server for its last seq and resends from there (appends are idempotent by seq).
 */
import { redactSessionFile, type RedactionOptions, type RedactionReport } from '../../lib/redaction';
import { serializeSessionFile } from '../../lib/session/file-format';
import type { SessionFileV1, TrafficEvent } from '../../lib/session/types';
import type { PublishAnswer, PublishedSummary } from '../../lib/team/api';

export class TeamRefused extends Error {
  /** `body`: the team server's JSON answer, when it sent one (a 409 names the current version). */
  constructor(readonly status: number, message: string, readonly body?: unknown) {
    super(message);
  }
}

/** One call to the team server with a personal access token; a refusal is a TeamRefused in words. */
export async function teamCall<T>(teamUrl: string, token: string, path: string, init: { method: string; body?: string }): Promise<T> {
  let res: Response;
  try {
    res = await fetch(teamUrl.replace(/\/+$/, '') + path, {
      method: init.method,
      body: init.body,
      headers: { authorization: `Bearer ${token}`, 'content-type': 'application/json' },
    });
  } catch (err) {
    throw new TeamRefused(0, `cannot reach the team server at ${teamUrl}: ${(err as Error & { cause?: Error }).cause?.message ?? (err as Error).message}`);
  }
  const text = await res.text();
  let body: unknown;
  try {
    body = JSON.parse(text);
  } catch {
    body = undefined;
  }
  if (!res.ok) {
    const why = (body as { error?: string } | undefined)?.error ?? text.slice(0, 300);
    throw new TeamRefused(res.status, `the team server refused (${res.status}): ${why}`, body);
  }
  return body as T;
}

export interface Published extends PublishAnswer {
  report: RedactionReport;
}

/** Redacts, then publishes a whole session file. */
export async function publishFile(teamUrl: string, token: string, file: SessionFileV1, opts: { live?: boolean; redaction?: RedactionOptions } = {}): Promise<Published> {
  const { file: safe, report } = redactSessionFile(file, opts.redaction);
  const answer = await teamCall<PublishAnswer>(teamUrl, token, `/api/sessions${opts.live ? '?live=1' : ''}`, { method: 'POST', body: serializeSessionFile(safe) });
  return { ...answer, report };
}

/**
 * Publishes a running session: `start` with what is recorded so far, `append` as events come,
 * `finish` at the end. Events are redacted one by one with the same pass (and the same options).
 */
export class LivePublisher {
  private id: string | undefined;
  private serverSeq = -1;
  private queue: TrafficEvent[] = [];
  /** The session's header (target, name): secrets in the target's headers are redacted from later events too. */
  private header: SessionFileV1 | undefined;
  url = '';

  constructor(private readonly teamUrl: string, private readonly token: string, private readonly redaction: RedactionOptions = {}) {}

  private redact(file: SessionFileV1): SessionFileV1 {
    return redactSessionFile(file, this.redaction).file;
  }

  async start(file: SessionFileV1): Promise<PublishAnswer> {
    const answer = await teamCall<PublishAnswer>(this.teamUrl, this.token, '/api/sessions?live=1', { method: 'POST', body: serializeSessionFile(this.redact(file)) });
    this.header = { ...file, events: [] };
    this.id = answer.id;
    this.url = answer.url;
    this.serverSeq = answer.lastSeq;
    return answer;
  }

  /** Queues events and sends everything the server does not have yet; on failure they stay queued. */
  async append(events: readonly TrafficEvent[], done = false): Promise<number> {
    if (!this.id) throw new Error('start the live publication first');
    this.queue.push(...events);
    const pending = this.queue.filter((e) => e.seq > this.serverSeq);
    const safe = this.redact({ ...this.header!, events: pending }).events;
    const r = await teamCall<{ lastSeq: number }>(this.teamUrl, this.token, `/api/sessions/${encodeURIComponent(this.id)}/events`, {
      method: 'POST',
      body: JSON.stringify({ events: safe, ...(done ? { done: true } : {}) }),
    });
    this.serverSeq = r.lastSeq;
    this.queue = this.queue.filter((e) => e.seq > this.serverSeq);
    return r.lastSeq;
  }

  /** After a drop: learn where the server is, so the next append resends only what it lacks. */
  async resume(): Promise<number> {
    if (!this.id) throw new Error('start the live publication first');
    const s = await teamCall<PublishedSummary>(this.teamUrl, this.token, `/api/sessions/${encodeURIComponent(this.id)}`, { method: 'GET' });
    this.serverSeq = s.lastSeq;
    return s.lastSeq;
  }

  finish(): Promise<number> {
    return this.append([], true);
  }
}
