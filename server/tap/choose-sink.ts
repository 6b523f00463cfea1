/**
 * Where a tap's recording goes, decided once at start and again if the app goes away:
 *   - an app holds the data directory (its lock names it) → hand entries to it (AppSink);
 *   - nobody holds it → take the lock and record into the database ourselves (LocalSink);
 *   - someone else holds it without an address (another tap, an app still starting) → record
 *     nothing there; the conversation is unaffected and `--out` still gets the session file.
 * The one rule: never open the database while someone else holds the lock.
 */
import type { TapInject, TapInjectAnswer, TapMessage } from '../../lib/session/tap-wire';
import type { TapInterceptAsk, TapInterceptReport } from '../../lib/intercept/wire';
import type { TapConnection, TapConnectionsReport } from '../../lib/session/tap-connections';
import { StartRefused, currentHolder, describeHolder } from '../store';
import { AppSink } from './app-sink';
import { readTapKey } from './key';
import { LocalSink } from './local-sink';
import type { TapLog } from './log';
import type { TapRecording, TapSink } from './recording';

/** Entries go nowhere: the log said why. */
const NOWHERE: TapSink = { events: () => undefined, patches: () => undefined, summary: () => undefined };

export interface RecordingTarget {
  /** Ends the recording: waits (bounded) for what is in flight, releases the lock. */
  close(): Promise<void>;
}

/** How long a tap keeps trying to take over the directory after the app went away. */
const TAKEOVER_MS = 5000;

/** Where the app's inject asks go (the conversation thread); `answer` reaches that app. */
export type InjectAsked = (ask: TapInject, answer: (a: TapInjectAnswer) => void) => void;

/** Where the app's intercept asks go, and the link intercept reports take to it (null: the app is gone). */
export interface InterceptLink {
  asked(ask: TapInterceptAsk): void;
  connected(send: ((report: TapInterceptReport) => void) | null): void;
}

/** The link the proxy tap's connection reports take to the app (null: the app is gone). */
export interface ConnectionsLink {
  connected(send: ((report: TapConnectionsReport) => void) | null): void;
}

export async function attachSink(recording: TapRecording, dataDir: string, log: TapLog, injectAsked?: InjectAsked, intercepts?: InterceptLink, stopAsked?: () => void, connections?: ConnectionsLink): Promise<RecordingTarget> {
  let current: { close(): Promise<void> | void } = { close: () => undefined };
  // A take-over still under way when the conversation ends is waited for, so its lock is released.
  let takingOver: Promise<unknown> = Promise.resolve();
  const holder = currentHolder(dataDir);
  const key = holder?.url ? readTapKey(dataDir) : null;
  if (holder?.url && key) {
    try {
      const app = await AppSink.connect(holder.url, key);
      log(`recording live in the app at ${holder.url} (session ${recording.summary.id})`);
      app.onGone((unconfirmed, why) => {
        log(`the app went away (${why}); recording here from now on`);
        recording.detach();
        intercepts?.connected(null);
        connections?.connected(null);
        takingOver = takeOver(recording, dataDir, log, unconfirmed, why).then((next) => (current = next));
      });
      if (injectAsked) app.onInject((ask) => injectAsked(ask, (a) => app.answerInject(a)));
      if (stopAsked) app.onStop(stopAsked);
      if (intercepts) {
        app.onIntercept((ask) => intercepts.asked(ask));
        intercepts.connected((report) => app.sendIntercept(report));
      }
      recording.attach(app);
      connections?.connected((report) => app.sendConnections(report));
      current = app;
      return {
        close: async () => {
          await takingOver;
          recording.flush();
          await current.close();
        },
      };
    } catch (err) {
      log(`could not hand entries to the app at ${holder.url}: ${(err as Error).message}`);
    }
  }
  current = openLocal(recording, dataDir, log);
  return { close: () => Promise.resolve(current.close()) };
}

/** The recording thread's copy of the proxy tap's open WebSockets, sent to the app when it changes or connects. */
export class ConnectionsHost implements ConnectionsLink {
  private conns: TapConnection[] = [];
  private send: ((report: TapConnectionsReport) => void) | null = null;

  constructor(private readonly recording: TapRecording) {}

  connected(send: ((report: TapConnectionsReport) => void) | null): void {
    this.send = send;
    if (send && this.conns.length) this.report();
  }

  set(conns: TapConnection[]): void {
    this.conns = conns;
    this.report();
  }

  private report(): void {
    if (!this.send) return;
    // The summary and the connection's open note go first, so the app knows the session it names.
    this.recording.flush();
    this.send({ type: 'tap-connections', conns: this.conns });
  }
}

function openLocal(recording: TapRecording, dataDir: string, log: TapLog): { close(): void } {
  try {
    const local = LocalSink.open(dataDir, recording.summary.id);
    log(`recording into ${dataDir} (session ${recording.summary.id})`);
    recording.attach(local);
    return local;
  } catch (err) {
    const why = err instanceof StartRefused ? err.message : `the database could not be opened: ${(err as Error).message}`;
    const h = currentHolder(dataDir);
    log(`not recording into ${dataDir}: ${h ? describeHolder(h) + ' holds it; ' : ''}${why}`);
    recording.attach(NOWHERE);
    return { close: () => undefined };
  }
}

/**
 * The app stopped (or died) mid-conversation. Once its lock is free, the tap records the rest
 * itself: first what the app never confirmed (skipping entries the database already has), then
 * what came meanwhile, after a note in the timeline that says what happened.
 */
async function takeOver(recording: TapRecording, dataDir: string, log: TapLog, unconfirmed: TapMessage[], why: string): Promise<{ close(): void }> {
  const deadline = Date.now() + TAKEOVER_MS;
  for (;;) {
    try {
      const local = LocalSink.open(dataDir, recording.summary.id);
      const stored = local.storedSeq();
      for (const m of unconfirmed) {
        if (m.type === 'summary') local.summary(m.summary);
        else if (m.type === 'patches') local.patches(m.patches);
        else {
          const fresh = m.events.filter((e) => e.seq > stored);
          if (fresh.length) local.events(fresh);
        }
      }
      recording.note(`the app went away (${why}); the tap records into ${dataDir} from here on`);
      recording.attach(local);
      log(`took over ${dataDir}; ${unconfirmed.length} unconfirmed messages recorded`);
      return local;
    } catch (err) {
      if (Date.now() >= deadline) {
        log(`could not take over ${dataDir}: ${(err as Error).message}; not recording the rest`);
        recording.attach(NOWHERE);
        return { close: () => undefined };
      }
      await new Promise((r) => setTimeout(r, 100));
    }
  }
}
