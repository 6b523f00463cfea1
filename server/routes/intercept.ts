/**
 * Intercepting a tapped conversation from the page (lib/intercept): the breakpoints, and forward /
 * drop / release of what is held. The tap holds the frames; the app relays each ask over the tap's
 * socket and answers with the state the tap reported after it (server/tap/intercepts.ts).
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import { checkBreakpoints } from '../../lib/intercept/breakpoints';
import type { InterceptAction, InterceptStatus } from '../../lib/intercept/wire';
import type { SessionManager } from '../session/manager';
import { InterceptRefused, type TapIntercepts } from '../tap/intercepts';

export function interceptRoutes(router: ApiRouter, manager: SessionManager, intercepts: () => TapIntercepts): void {
  const known = (id: string) => {
    if (!manager.summary(id)) throw new HttpError(404, `no session ${id}`);
  };
  const holdOf = (text: string) => {
    const hold = Number(text);
    if (!Number.isSafeInteger(hold) || hold < 1) throw new HttpError(400, `a held message is named by a number, got ${JSON.stringify(text.slice(0, 20))}`);
    return hold;
  };
  const ask = async (id: string, action: InterceptAction): Promise<InterceptStatus> => {
    known(id);
    try {
      return await intercepts().ask(id, action);
    } catch (err) {
      if (err instanceof InterceptRefused) throw new HttpError(409, err.message);
      throw err;
    }
  };

  router
    .on(API.getIntercept, ({ params }) => {
      known(params.id);
      return intercepts().status(params.id);
    })
    .on(API.setBreakpoints, async ({ params, body }) => {
      const { breakpoints } = await body();
      // The tap checks them too; the words come sooner from here, with which breakpoint is wrong.
      const problems = checkBreakpoints(breakpoints);
      if (problems.length) throw new HttpError(400, `breakpoint ${problems[0].index + 1}: ${problems[0].diagnostics.map((d) => d.message).join('; ')}`);
      return ask(params.id, { action: 'set', breakpoints });
    })
    .on(API.forwardHeld, async ({ params, body }) => {
      const { text } = await body();
      return ask(params.id, { action: 'forward', hold: holdOf(params.hold), ...(text !== undefined ? { text } : {}) });
    })
    .on(API.dropHeld, ({ params }) => ask(params.id, { action: 'drop', hold: holdOf(params.hold) }))
    .on(API.releaseHeld, ({ params }) => ask(params.id, { action: 'release-all' }));
}
