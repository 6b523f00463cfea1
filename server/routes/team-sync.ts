/**
 * Collections and environment templates to and from the team server, for the page: the team's
 * list of each kind, push a local one, pull a team one, and which local ones are team copies.
 * The work is server/team-sync/sync.ts; the team link (URL + token) is the one Export → Publish
 * to team set (server/publish/settings.ts), so the token stays in the data directory.
 */
import { API } from '../../lib/api/routes';
import { SHARED_KINDS, isSharedKind, type SharedKind } from '../../lib/team/sync';
import { HttpError, type ApiRouter } from '../api';
import { readTeamLink } from '../publish/settings';
import { TeamSync } from '../team-sync/sync';
import { guard, type RouteDeps } from './common';
import { linkOrRefuse } from './publish';

function kindOf(v: string): SharedKind {
  if (!isSharedKind(v)) throw new HttpError(404, `the team server shares ${SHARED_KINDS.join(' and ')}s, not "${v.slice(0, 40)}"`);
  return v;
}

export function teamSyncRoutes(router: ApiRouter, deps: RouteDeps): ApiRouter {
  const { store } = deps;
  const sync = () => new TeamSync(store, linkOrRefuse(store.dir));
  return router
    .on(API.listTeamCopies, guard(() => {
      // No team link yet: nothing here is a team copy (not an error: the sidebar asks on every load).
      const link = readTeamLink(store.dir);
      return { copies: link.url && link.token ? new TeamSync(store, { url: link.url, token: link.token }).copies(SHARED_KINDS) : [] };
    }))
    .on(API.listTeamDocs, guard(async ({ params }) => ({ docs: await sync().list(kindOf(params.kind)) })))
    .on(API.pushTeamDoc, guard(async (ctx) => {
      const kind = kindOf(ctx.params.kind);
      const body = await ctx.body();
      return sync().push(kind, body.localId, body.asCopy === true);
    }))
    .on(API.pullTeamDoc, guard(async (ctx) => {
      const kind = kindOf(ctx.params.kind);
      const body = await ctx.body();
      return sync().pull(kind, body.name, { replace: body.replace === true, into: body.into });
    }));
}
