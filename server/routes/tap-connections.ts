/**
 * The WebSockets a live proxy tap relays now (lib/session/tap-connections.ts), for the composer's
 * "into which connection" choice: the tap's last report, kept by server/tap/connections.ts.
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import type { SessionManager } from '../session/manager';
import type { TapConnections } from '../tap/connections';

export function tapConnectionRoutes(router: ApiRouter, manager: SessionManager, connections: () => TapConnections): void {
  router.on(API.tapConnections, ({ params }) => {
    if (!manager.summary(params.id)) throw new HttpError(404, `no session ${params.id}`);
    return connections().status(params.id);
  });
}
