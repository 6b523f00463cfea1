/**
 * "Stop tap" (issue 12): a tap session's top bar offers it instead of Disconnect, because the app
 * does not own a tapped conversation — the client started it. Asked over the tap's socket, the tap
 * forwards what its breakpoints hold, then ends the conversation as the client would (stdio: the
 * server's stdin closes; proxy: the listener closes). The session ends with the tap's last summary.
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import type { SessionManager } from '../session/manager';
import type { TapIngest } from '../tap/ingest';

export function tapStopRoutes(router: ApiRouter, manager: SessionManager, taps: () => Pick<TapIngest, 'stop'>): void {
  router.on(API.stopTap, ({ params }) => {
    const summary = manager.summary(params.id);
    if (!summary) throw new HttpError(404, `no session ${params.id}`);
    if (summary.target.kind !== 'tap') throw new HttpError(409, 'only a tap session has a tap to stop');
    if (!taps().stop(params.id)) throw new HttpError(409, 'this tap is not connected to the app any more: its conversation has ended, or the tap lost the app');
    return { stopping: true as const };
  });
}
