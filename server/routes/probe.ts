/**
 * "Probe this target": a new session on the target of the session the user is looking at, driven
 * by the conformance probe (server/probe/run-probe.ts) as `rpcscope probe` drives its own. The
 * session is a normal recorded one (the page sees every message arrive); its report is kept with
 * it (server/store/session-probes.ts) and the answer carries it, so the page shows the card.
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import { PROBE_DIALECTS, isProbeDialect } from '../../lib/probe/plans';
import type { ProbeDialectId } from '../../lib/probe/types';
import { isConnectableKind } from '../../lib/targets/registry';
import { EventLog } from '../probe/event-log';
import { probeSession } from '../probe/run-probe';
import type { SessionManager } from '../session/manager';
import type { LiveSession } from '../session/live-session';
import { guard, objectBody, optionalString, type RouteDeps } from './common';

const DEFAULT_TIMEOUT_MS = 3000;
const MAX_TIMEOUT_MS = 30_000;

function dialectOf(body: Record<string, unknown>): ProbeDialectId | 'auto' {
  const d = optionalString(body, 'dialect') ?? 'auto';
  if (d !== 'auto' && !isProbeDialect(d)) throw new HttpError(400, `dialect is auto or one of ${PROBE_DIALECTS.join(', ')}, got ${JSON.stringify(d.slice(0, 40))}`);
  return d;
}

function timeoutOf(body: Record<string, unknown>): number {
  const t = body.timeoutMs ?? DEFAULT_TIMEOUT_MS;
  if (typeof t !== 'number' || !Number.isFinite(t) || t < 100 || t > MAX_TIMEOUT_MS) throw new HttpError(400, `timeoutMs is how long one check waits: 100 to ${MAX_TIMEOUT_MS} milliseconds`);
  return t;
}

/**
 * Opens the session with a listener already in place, so the probe's log has the connection's
 * first entries too: entries of sessions not yet known are held per id until `open` names ours.
 */
async function openLogged(manager: SessionManager, target: Parameters<SessionManager['open']>[0], name: string): Promise<{ live: LiveSession; log: EventLog; stop: () => void }> {
  const logs = new Map<string, EventLog>();
  let mine: string | undefined;
  const logOf = (id: string): EventLog | undefined => {
    if (mine !== undefined) return id === mine ? logs.get(id) : undefined;
    let l = logs.get(id);
    if (!l) logs.set(id, (l = new EventLog()));
    return l;
  };
  const stop = manager.listen({
    events: (id, events) => logOf(id)?.add(events),
    patches: (id, patches) => logOf(id)?.patch(patches),
    summary: () => {},
  });
  try {
    const live = await manager.open(target, name);
    mine = live.id;
    const log = logs.get(live.id) ?? new EventLog();
    logs.clear();
    logs.set(live.id, log);
    return { live, log, stop };
  } catch (err) {
    stop();
    throw err;
  }
}

export function probeRoutes(router: ApiRouter, deps: RouteDeps): ApiRouter {
  const { store, manager } = deps;
  return router
    .on(API.probeTarget, guard(async (ctx) => {
      const source = manager.summary(ctx.params.id);
      if (!source) throw new HttpError(404, `no session ${ctx.params.id}`);
      if (!isConnectableKind(source.target.kind)) throw new HttpError(409, `a ${source.target.kind} session cannot be probed: rpcscope does not connect to it`);
      const body = await objectBody(ctx);
      const opts = { dialect: dialectOf(body), timeoutMs: timeoutOf(body), allow: [] };
      let opened: Awaited<ReturnType<typeof openLogged>>;
      try {
        opened = await openLogged(manager, source.target, `probe: ${source.name}`.slice(0, 200));
      } catch (err) {
        throw new HttpError(502, `could not connect to the target: ${err instanceof Error ? err.message : String(err)}`);
      }
      const { live, log, stop } = opened;
      let report;
      try {
        report = { ...(await probeSession(live, log, opts)), sessionId: live.id };
        store.sessionProbes.put(live.id, report);
      } finally {
        // The probe's session ends with the probe: it was opened for it, and nobody else sends on it.
        stop();
        await manager.close(live.id);
      }
      return { session: manager.summary(live.id) ?? live.summary, report };
    }))
    .on(API.getProbe, guard(({ params }) => {
      if (!manager.summary(params.id)) throw new HttpError(404, `no session ${params.id}`);
      return { report: store.sessionProbes.get(params.id) };
    }));
}
