/**
 * Team collections and environment templates: pulled with their version, pushed with the version
 * the pusher last pulled. A stale version is 409 with who changed it, when, and the current
 * version, and nothing is written — so two people editing at once never overwrite each other.
 * Environment templates hold names and non-secret values only: the body schema refuses a
 * secret variable that carries a value.
 */
import type { z } from 'zod';
import { PutCollectionBodySchema, PutEnvironmentBodySchema, TEAM_LIMITS, type SharedDoc } from '../../lib/team/api';
import { HttpError, readJson, sendJson } from './http';
import type { RouteCall, TeamRoute } from './context';
import type { DocKind, SharedDocRecord } from './store/types';

const docOf = (d: SharedDocRecord): SharedDoc<unknown> => ({
  name: d.name,
  version: d.version,
  updatedBy: d.updatedBy,
  updatedAt: d.updatedAt,
  body: JSON.parse(d.body) as unknown,
});

const NAME = /^[^\u0000-\u001f/]{1,200}$/;

function routesFor(kind: DocKind, plural: string, schema: z.ZodType<{ version: number }>, bodyOf: (b: never) => unknown): TeamRoute[] {
  const one = async ({ ctx, params }: RouteCall) => {
    const d = await ctx.store.doc(kind, params.name);
    if (!d) throw new HttpError(404, `no ${kind} named ${params.name} on this team server`);
    return d;
  };
  return [
    { method: 'GET', path: `/api/${plural}`, action: 'read', handle: async ({ ctx, res }) => sendJson(res, 200, (await ctx.store.docs(kind)).map(docOf)) },
    { method: 'GET', path: `/api/${plural}/:name`, action: 'read', handle: async (call) => sendJson(call.res, 200, docOf(await one(call))) },
    {
      method: 'PUT',
      path: `/api/${plural}/:name`,
      action: 'editShared',
      handle: async ({ ctx, req, res, params, caller }) => {
        if (!NAME.test(params.name)) throw new HttpError(400, `a ${kind} name is 1 to 200 characters, no "/" or control characters`);
        const body = await readJson(req, schema, TEAM_LIMITS.collectionBytes);
        const text = JSON.stringify(bodyOf(body as never));
        if (text.length > TEAM_LIMITS.collectionBytes) throw new HttpError(413, `a ${kind} is at most ${TEAM_LIMITS.collectionBytes} bytes`);
        const r = await ctx.store.putDoc(kind, params.name, body.version, text, caller.user.id);
        if (r.ok) return sendJson(res, 200, { name: params.name, version: r.version });
        const cur = r.current;
        const message = cur
          ? `${kind} "${params.name}" was changed by ${cur.updatedBy} at ${cur.updatedAt} (now version ${cur.version}; you pushed over version ${body.version}): pull it, merge your changes, push again — nothing was overwritten`
          : `${kind} "${params.name}" does not exist yet: push it with version 0`;
        throw new HttpError(409, message, { current: cur ? docOf(cur) : null });
      },
    },
  ];
}

export const SHARED_ROUTES: TeamRoute[] = [
  ...routesFor('collection', 'collections', PutCollectionBodySchema, (b: z.infer<typeof PutCollectionBodySchema>) => b.body),
  ...routesFor('environment', 'environments', PutEnvironmentBodySchema, (b: z.infer<typeof PutEnvironmentBodySchema>) => ({ variables: b.variables })),
];
