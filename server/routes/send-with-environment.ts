/**
 * Sending a builder message that holds `{{variables}}`: the page only has secrets masked, so it
 * sends the template and the environment's id, and the values are filled in here, the way a
 * collection run fills them (unknown names and secrets still without a value are refused with
 * words; secret values are registered with the session before the bytes go out, so the page
 * sees them masked).
 */
import { HttpError, type ApiRouter } from '../api';
import { InjectBook } from '../../lib/inject/inject';
import { API } from '../../lib/api/routes';
import { LIMITS } from '../../lib/session/schemas';
import { describeNeedsValue, describeUnknown, needsValue, substituteMessage } from '../../lib/variables';
import { sentSecrets } from '../session/secrets';
import { SendRefusedError } from '../transports/send-queue';
import { guard, objectBody, requiredString, type RouteDeps } from './common';

export function sendWithEnvironmentRoutes(router: ApiRouter, deps: RouteDeps): ApiRouter {
  const { store, manager } = deps;
  return router.on(API.sendWithEnvironment, guard(async (ctx) => {
    const body = await objectBody(ctx);
    const text = requiredString(body, 'text');
    if (text.length > LIMITS.rawChars) throw new HttpError(413, 'message is larger than 64 MiB');
    const vars = store.environments.require(requiredString(body, 'environmentId')).variables;
    const id = ctx.params.id;
    if (!manager.summary(id)) throw new HttpError(404, `no session ${id}`);
    // A connected tap's session sends into its conversation (issue 12 item 4), towards `to`.
    const tap = deps.taps?.hasSession(id) ? deps.taps : undefined;
    if (body.to !== undefined && body.to !== 'server' && body.to !== 'client') throw new HttpError(400, 'to must be "server" or "client"');
    const to = body.to === 'client' ? 'client' : 'server';
    if (body.conn !== undefined && !(Number.isSafeInteger(body.conn) && (body.conn as number) >= 1)) throw new HttpError(400, 'conn must be a connection number (1, 2, …)');
    const conn = body.conn as number | undefined;
    const live = manager.getLive(id);
    if (!tap && (!live || !live.isOpen)) throw new HttpError(409, 'this session is not live (past or imported): connect again to send');
    const message = substituteMessage(text, vars, 'message');
    if (message.unknown.length) throw new HttpError(400, describeUnknown(message.unknown));
    const missing = needsValue(vars, message.used);
    if (missing.length) throw new HttpError(400, describeNeedsValue(missing));
    manager.secrets.add(id, sentSecrets(message.used, vars));
    if (tap) {
      const checked = new InjectBook().prepare(message.text, to);
      if (!checked.ok) throw new HttpError(400, checked.error);
      try {
        return { seq: await tap.inject(id, to, message.text, conn) };
      } catch (err) {
        throw new HttpError(409, err instanceof Error ? err.message : String(err));
      }
    }
    if (!live) throw new HttpError(409, 'this session is not live (past or imported): connect again to send');
    try {
      return { seq: await live.send(message.text) };
    } catch (err) {
      throw new HttpError(err instanceof SendRefusedError ? 429 : 409, err instanceof Error ? err.message : String(err));
    }
  }));
}
