/**
 * People and their tokens: who am I, owners add people (each gets a one-time sign-in link) and
 * change roles; everyone creates, lists and revokes their own personal access tokens (owners
 * may revoke anyone's).
 */
import { z } from 'zod';
import { AddUserBodySchema, CreateTokenBodySchema, RoleSchema, TEAM_LIMITS } from '../../lib/team/api';
import { may } from '../../lib/team/roles';
import { createToken, issueSignInLink } from './auth';
import { HttpError, readJson, sendJson } from './http';
import type { TeamRoute } from './context';
import { LastOwner, NameTaken } from './store/types';

export const PEOPLE_ROUTES: TeamRoute[] = [
  { method: 'GET', path: '/api/me', action: 'read', handle: async ({ res, caller }) => sendJson(res, 200, { name: caller.user.name, role: caller.user.role, via: caller.via }) },
  { method: 'GET', path: '/api/users', action: 'managePeople', handle: async ({ ctx, res }) => sendJson(res, 200, await ctx.store.users()) },
  {
    method: 'POST',
    path: '/api/users',
    action: 'managePeople',
    handle: async ({ ctx, req, res, base }) => {
      const body = await readJson(req, AddUserBodySchema, TEAM_LIMITS.bodyBytes);
      try {
        const user = await ctx.store.addUser(body.name, body.role);
        sendJson(res, 201, { user, signInUrl: await issueSignInLink(ctx.store, user.id, base) });
      } catch (err) {
        if (err instanceof NameTaken) throw new HttpError(409, err.message);
        throw err;
      }
    },
  },
  {
    method: 'PUT',
    path: '/api/users/:name/role',
    action: 'managePeople',
    handle: async ({ ctx, req, res, params }) => {
      const { role } = await readJson(req, z.strictObject({ role: RoleSchema }), TEAM_LIMITS.bodyBytes);
      const user = await ctx.store.user({ name: params.name });
      if (!user) throw new HttpError(404, `no user ${params.name}`);
      try {
        await ctx.store.setRole(user.id, role);
      } catch (err) {
        if (err instanceof LastOwner) throw new HttpError(409, err.message);
        throw err;
      }
      sendJson(res, 200, { ...user, role });
    },
  },
  { method: 'GET', path: '/api/tokens', action: 'ownTokens', handle: async ({ ctx, res, caller }) => sendJson(res, 200, await ctx.store.tokens(caller.user.id)) },
  {
    method: 'POST',
    path: '/api/tokens',
    action: 'ownTokens',
    handle: async ({ ctx, req, res, caller }) => {
      const body = await readJson(req, CreateTokenBodySchema, TEAM_LIMITS.bodyBytes);
      sendJson(res, 201, await createToken(ctx.store, caller.user.id, body.name ?? 'token'));
    },
  },
  {
    method: 'DELETE',
    path: '/api/tokens/:id',
    action: 'ownTokens',
    handle: async ({ ctx, res, params, caller }) => {
      const mine = (await ctx.store.tokens(caller.user.id)).some((t) => t.id === params.id);
      if (!mine && !may(caller.user.role, 'managePeople')) throw new HttpError(404, `you have no token ${params.id}`);
      if (!(await ctx.store.revokeToken(params.id))) throw new HttpError(404, `no token ${params.id} to revoke (unknown or already revoked)`);
      sendJson(res, 200, { revoked: params.id });
    },
  },
];
