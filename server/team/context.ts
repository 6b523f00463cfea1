/**
 * What every team route gets: the store, the live hub, the server's settings, and the table type
 * a route is declared with (its method, path, the action it needs from lib/team/roles).
 */
import type { IncomingMessage, ServerResponse } from 'node:http';
import type { TeamAction } from '../../lib/team/roles';
import type { Caller } from './auth';
import type { LiveHub } from './live';
import type { TeamStore } from './store/types';

export interface TeamSettings {
  /** Cap on one published session's stored events, in bytes (413 past it). */
  maxSessionBytes: number;
  /** The URL teammates reach the server at (behind a TLS proxy: its https:// address). */
  publicUrl?: URL;
}

export interface TeamContext {
  store: TeamStore;
  hub: LiveHub;
  settings: TeamSettings;
}

export interface RouteCall {
  ctx: TeamContext;
  req: IncomingMessage;
  res: ServerResponse;
  params: Record<string, string>;
  query: URLSearchParams;
  caller: Caller;
  /** This server's base URL as the caller reached it (for links it hands out). */
  base: string;
}

export interface TeamRoute {
  method: 'GET' | 'POST' | 'PUT' | 'DELETE';
  /** `/api/sessions/:id` — `:name` segments become params. */
  path: string;
  action: TeamAction;
  handle(call: RouteCall): Promise<void>;
}
