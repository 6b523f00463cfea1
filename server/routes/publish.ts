/**
 * Publishing to a team server from the local app: the team URL and token (set once, kept in the
 * data directory, never sent back to the page), and Export → "Publish to team", which runs the same
 * selection and redaction as a file export (selectForExport) and then publish-client. A live
 * session can keep publishing as it records (server/publish/live.ts).
 *
 *   GET  /api/team/link                 { url, tokenSet }
 *   PUT  /api/team/link                 { url?, token? }  (an empty token forgets it)
 *   POST /api/sessions/:id/publish      { redact, paths, seqs, live? }
 *   GET  /api/sessions/:id/publish      the live publication's state
 */
import { API } from '../../lib/api/routes';
import type { TeamLinkState } from '../../lib/api/bodies';
import { HttpError, type ApiRouter } from '../api';
import { LivePublications } from '../publish/live';
import { checkTeamToken, checkTeamUrl, readTeamLink, writeTeamLink, type TeamLink } from '../publish/settings';
import { LivePublisher, TeamRefused, publishFile } from '../team/publish-client';
import { guard, need, objectBody, optionalString, type RouteDeps } from './common';
import { selectForExport } from './export';

function stateOf(dataDir: string): TeamLinkState {
  const link = readTeamLink(dataDir);
  return { url: link.url ?? null, tokenSet: !!link.token };
}

export function linkOrRefuse(dataDir: string): TeamLink {
  const link = readTeamLink(dataDir);
  if (!link.url || !link.token) throw new HttpError(400, 'set the team URL and a personal access token first (Export → Publish to team → Team settings)');
  return { url: link.url, token: link.token };
}

/** The team server's refusal in words a user can act on; never a 401/403 of our own (those mean the local gate). */
function refusal(err: unknown): never {
  if (!(err instanceof TeamRefused)) throw err;
  if (err.status === 0) throw new HttpError(502, err.message);
  if (err.status === 401) throw new HttpError(400, `${err.message} — the token is wrong or was revoked: set a new one in Team settings`);
  if (err.status === 403) throw new HttpError(400, `${err.message} — ask a team owner for the member role to publish`);
  if (err.status === 413) throw new HttpError(413, err.message);
  throw new HttpError(err.status >= 500 ? 502 : 400, err.message);
}

export function publishRoutes(router: ApiRouter, deps: RouteDeps, live: LivePublications): ApiRouter {
  const dataDir = deps.store.dir;
  return router
    .on(API.getTeamLink, () => stateOf(dataDir))
    .on(API.setTeamLink, guard(async (ctx) => {
      const body = await objectBody(ctx);
      const url = optionalString(body, 'url');
      const token = optionalString(body, 'token');
      const next = readTeamLink(dataDir);
      if (url !== undefined) next.url = need(checkTeamUrl(url));
      if (token !== undefined) {
        if (token.trim() === '') delete next.token;
        else next.token = need(checkTeamToken(token));
      }
      writeTeamLink(dataDir, next);
      return stateOf(dataDir);
    }))
    .on(API.publishSession, guard(async (ctx) => {
      const id = ctx.params.id;
      const body = await objectBody(ctx);
      const link = linkOrRefuse(dataDir);
      const wantsLive = body.live === true;
      if (wantsLive && live.has(id)) throw new HttpError(409, 'this session is already being published live');
      const { file, options } = selectForExport(deps, id, { redact: body.redact, paths: body.paths, seqs: wantsLive ? undefined : body.seqs });
      // "No redaction" is a choice the preview showed; publish-client's default would be every kind.
      const redaction = options ?? { kinds: [] };
      const status = deps.manager.summary(id)?.status;
      const running = status === 'open' || status === 'connecting';
      try {
        if (wantsLive && running) {
          const publisher = new LivePublisher(link.url, link.token, redaction);
          const answer = await publisher.start(file);
          const followed = live.follow(id, publisher, answer.lastSeq);
          return { id: answer.id, url: answer.url, events: file.events.length, live: followed };
        }
        const answer = await publishFile(link.url, link.token, file, { redaction });
        return { id: answer.id, url: answer.url, events: file.events.length, live: null };
      } catch (err) {
        refusal(err);
      }
    }))
    .on(API.getPublication, ({ params }) => ({ live: live.status(params.id) ?? null }));
}
