/**
 * Every /api route once: method, path pattern, how its body travels (and the schema that checks
 * it, where one exists) and the answer's type. The server registers its handlers by these entries
 * (server/api.ts checks a handler returns the declared answer), and the page calls them only through
 * the client derived from them (components/api/client.ts), so a renamed path or a changed answer
 * fails to compile on both sides instead of failing at run time on one.
 */
import type { z } from 'zod';
import type { Collection, CollectionFolder, CollectionItem, CollectionTree, Environment, ItemChanges, NewItem, Variable } from '../collections/stored';
import type { DocumentSummary } from '../openrpc/types';
import type { RunReport } from '../collections/sequence';
import type { RedactionReport } from '../redaction/redact';
import type { ProbeReport } from '../probe/types';
import type { SessionDialect, SessionSummary, TargetSpec, TrafficEvent } from '../session/types';
import { CreateSessionBodySchema, SendBodySchema } from '../session/schemas';
import { PullTeamDocBodySchema, PushTeamDocBodySchema, type PullTeamDocBody, type PushTeamDocBody, type TeamCopy, type TeamDocListing, type TeamPullResult, type TeamPushResult } from '../team/sync';
import { ForwardHeldBodySchema, SetBreakpointsBodySchema, type InterceptStatus } from '../intercept/wire';
import type { TapConnectionsStatus } from '../session/tap-connections';
import { EntryTextsBodySchema, SearchBodySchema, type EntryText, type SearchAnswer } from './entries';
import type { RowPage } from '../timeline/row-page';
import type { CollectionImport, HistoryEntry, ImportedSession, LivePublicationStatus, OpenRpcListing, OpenRpcSourceBody, PublishResult, RunResult, ShareState, TeamLinkState } from './bodies';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** `none`: no body; `json`: a JSON value; `text`: a file's text as it is (octet-stream). */
export type BodyKind = 'none' | 'json' | 'text';

/** The answer of a route that sends a file (Content-Disposition: attachment) instead of JSON. */
export interface FileDownload {
  readonly file: true;
}

/** `/api/sessions/:id/send` → `'id'`. */
type ParamNames<P extends string> = P extends `${string}:${infer K}/${infer Rest}`
  ? K | ParamNames<`/${Rest}`>
  : P extends `${string}:${infer K}`
    ? K
    : never;
export type ParamsOf<P extends string> = { [K in ParamNames<P>]: string };

export interface RouteSpec<P extends string = string, Req = unknown, Res = unknown> {
  method: Method;
  path: P;
  body: BodyKind;
  /** When present the server checks the body with it before the handler runs (400 with its words). */
  schema?: z.ZodType;
  /** Types only, never set: what the body and the answer are. */
  readonly types?: { req: Req; res: Res };
}

export type PathOf<R> = R extends RouteSpec<infer P, unknown, unknown> ? P : never;
export type RequestOf<R> = R extends { readonly types?: { req: infer Req } } ? Req : never;
export type ResponseOf<R> = R extends { readonly types?: { res: infer Res } } ? Res : never;
/** What a handler's `body()` gives: the checked body when the route has a schema, else unknown JSON. */
export type CheckedBodyOf<R> = R extends { schema: infer S extends z.ZodType } ? z.output<S> : unknown;

/** A route whose answer is `Res`; its JSON body (if any) is `Req`. */
const get = <Res>() => <P extends string>(path: P): RouteSpec<P, undefined, Res> => ({ method: 'GET', path, body: 'none' });
const del = <Res>() => <P extends string>(path: P): RouteSpec<P, undefined, Res> => ({ method: 'DELETE', path, body: 'none' });
/** A JSON body route; given a schema, the server hands the handler the checked body. */
function json<Req, Res>(method: 'POST' | 'PUT') {
  function make<P extends string>(path: P): RouteSpec<P, Req, Res>;
  function make<P extends string, S extends z.ZodType>(path: P, schema: S): RouteSpec<P, Req, Res> & { schema: S };
  function make<P extends string>(path: P, schema?: z.ZodType): RouteSpec<P, Req, Res> {
    return schema ? { method, path, body: 'json', schema } : { method, path, body: 'json' };
  }
  return make;
}
const post = <Req, Res>() => json<Req, Res>('POST');
const put = <Req, Res>() => json<Req, Res>('PUT');
const text = <Res>() => <P extends string>(path: P): RouteSpec<P, string, Res> => ({ method: 'POST', path, body: 'text' });

type Ok = { ok: true };
/**
 * What the page sends to open a session. The dialect is any id the page holds (a remembered form
 * may name one this server does not know): the schema refuses an unknown one with its words.
 */
type OpenSessionRequest = Omit<z.input<typeof CreateSessionBodySchema>, 'dialect'> & { dialect?: string };
type Redaction = { redact?: string; paths?: string[]; seqs?: string | number[] };

export const API = {
  // ---- live sessions (server/api.ts)
  /** A fresh one-time sign-in URL (lib/api/sign-in.ts), for a caller already signed in or holding the token. */
  signInLink: post<undefined, { url: string }>()('/api/sign-in-link'),
  listSessions: get<{ sessions: SessionSummary[] }>()('/api/sessions'),
  openSession: post<OpenSessionRequest, { session: SessionSummary }>()('/api/sessions', CreateSessionBodySchema),
  getSession: get<{ session: SessionSummary }>()('/api/sessions/:id'),
  /**
   * Entries after `?sinceSeq=`, at most `?limit=` (10 000); `more`: the page was cut short by its
   * size (server/api.ts MAX_EVENTS_PAGE_BYTES of wire text) and entries follow it.
   */
  listEvents: get<{ events: TrafficEvent[]; more?: true }>()('/api/sessions/:id/events'),
  /** One entry exactly as recorded, the secrets the session sent in clear: the inspector's reveal. */
  revealEvent: get<{ event: TrafficEvent }>()('/api/sessions/:id/events/:seq/revealed'),
  // ---- Entries the page does not hold in full (server/routes/entries.ts, lib/api/entries.ts)
  /** One entry as the page sees it (secrets masked): the inspector opens it by seq. */
  getEvent: get<{ event: TrafficEvent }>()('/api/sessions/:id/events/:seq'),
  /** The wire text of the given entries (rows on screen), secrets masked; unknown seqs are left out. */
  entryTexts: post<z.input<typeof EntryTextsBodySchema>, { texts: EntryText[] }>()('/api/sessions/:id/texts', EntryTextsBodySchema),
  /** Timeline rows without their text, in columns, after `?since=` (a seq) up to `?until=` (one), at most `?limit=` (lib/timeline/row-page.ts). */
  entryRows: get<RowPage>()('/api/sessions/:id/rows'),
  /** The timeline's free-text search, answered over every recorded entry. */
  searchEntries: post<z.input<typeof SearchBodySchema>, SearchAnswer>()('/api/sessions/:id/search', SearchBodySchema),
  send: post<z.infer<typeof SendBodySchema>, { seq: number }>()('/api/sessions/:id/send', SendBodySchema),
  setAutoReplies: post<{ rules: Record<string, unknown> }, { rules: Record<string, unknown> }>()('/api/sessions/:id/auto-replies'),
  getAutoReplies: get<{ rules: Record<string, unknown> }>()('/api/sessions/:id/auto-replies'),
  setDialect: post<{ dialect: string }, { dialect: SessionDialect }>()('/api/sessions/:id/dialect'),
  cancel: post<{ seq: number; reason?: string }, { seq: number }>()('/api/sessions/:id/cancel'),
  closeSession: post<Record<string, never>, { session: SessionSummary }>()('/api/sessions/:id/close'),
  /** Same target, name and options as a new session linked to this ended one (`reconnectOf`). */
  reconnectSession: post<Record<string, never>, { session: SessionSummary }>()('/api/sessions/:id/reconnect'),
  deleteSession: del<Ok>()('/api/sessions/:id'),

  // ---- "Probe this target" (server/routes/probe.ts)
  /** A new session on this session's target, driven by the conformance probe; answers when the probe is done. */
  probeTarget: post<{ dialect?: string; timeoutMs?: number }, { session: SessionSummary; report: ProbeReport }>()('/api/sessions/:id/probe'),
  /** The probe report kept with a session (null for a session no probe drove). */
  getProbe: get<{ report: ProbeReport | null }>()('/api/sessions/:id/probe'),

  // ---- intercepting a tapped conversation (server/routes/intercept.ts, lib/intercept)
  getIntercept: get<InterceptStatus>()('/api/sessions/:id/intercept'),
  setBreakpoints: put<z.infer<typeof SetBreakpointsBodySchema>, InterceptStatus>()('/api/sessions/:id/intercept', SetBreakpointsBodySchema),
  forwardHeld: post<z.infer<typeof ForwardHeldBodySchema>, InterceptStatus>()('/api/sessions/:id/intercept/held/:hold/forward', ForwardHeldBodySchema),
  dropHeld: post<Record<string, never>, InterceptStatus>()('/api/sessions/:id/intercept/held/:hold/drop'),
  releaseHeld: post<Record<string, never>, InterceptStatus>()('/api/sessions/:id/intercept/release-all'),
  /** "Stop tap" (server/routes/tap-stop.ts): the tap ends the conversation; the session ends with it. */
  stopTap: post<Record<string, never>, { stopping: true }>()('/api/sessions/:id/stop-tap'),
  /** The WebSockets a live proxy tap relays now (server/routes/tap-connections.ts): where an injection may go. */
  tapConnections: get<TapConnectionsStatus>()('/api/sessions/:id/tap-connections'),

  // ---- OpenRPC documents of a session (server/routes/openrpc.ts)
  listOpenRpc: get<OpenRpcListing>()('/api/sessions/:id/openrpc'),
  addOpenRpc: post<OpenRpcSourceBody, OpenRpcListing & { added: DocumentSummary }>()('/api/sessions/:id/openrpc'),
  removeOpenRpc: del<OpenRpcListing>()('/api/sessions/:id/openrpc/:docId'),

  // ---- collections (server/routes/collections.ts)
  listCollections: get<{ collections: Collection[] }>()('/api/collections'),
  createCollection: post<{ name: string }, { collection: Collection }>()('/api/collections'),
  importCollection: post<{ text: string; name?: string }, CollectionImport>()('/api/collections/import'),
  importOpenRpcCollection: post<{ text?: string; document?: unknown; name?: string }, CollectionImport>()('/api/collections/import/openrpc'),
  getCollection: get<{ tree: CollectionTree }>()('/api/collections/:id'),
  renameCollection: put<{ name: string }, { collection: Collection }>()('/api/collections/:id'),
  deleteCollection: del<Ok>()('/api/collections/:id'),
  exportCollection: get<FileDownload>()('/api/collections/:id/export'),
  createFolder: post<{ name: string; parentId?: string | null }, { folder: CollectionFolder }>()('/api/collections/:id/folders'),
  updateFolder: put<{ name?: string; parentId?: string | null }, { folder: CollectionFolder }>()('/api/collections/:id/folders/:folderId'),
  deleteFolder: del<Ok>()('/api/collections/:id/folders/:folderId'),
  createItem: post<NewItem, { item: CollectionItem }>()('/api/collections/:id/items'),
  getItem: get<{ item: CollectionItem }>()('/api/collections/:id/items/:itemId'),
  updateItem: put<ItemChanges, { item: CollectionItem }>()('/api/collections/:id/items/:itemId'),
  deleteItem: del<Ok>()('/api/collections/:id/items/:itemId'),
  /** A copy right after the item, named "NAME copy". */
  duplicateItem: post<Record<string, never>, { item: CollectionItem }>()('/api/collections/:id/items/:itemId/duplicate'),
  /** Run a folder (or the whole collection without `folderId`) as a sequence: server/routes/run-folder.ts. */
  runFolder: post<{ folderId?: string; environmentId?: string; sessionId?: string; firstAutoId?: number }, { report: RunReport; sessionIds: string[] }>()('/api/collections/:id/run'),
  runItem: post<{ environmentId?: string; sessionId?: string; name?: string; firstAutoId?: number }, RunResult>()('/api/collections/:id/items/:itemId/run'),

  // ---- environments (server/routes/environments.ts)
  listEnvironments: get<{ environments: Environment[] }>()('/api/environments'),
  createEnvironment: post<{ name: string; variables?: Variable[] }, { environment: Environment }>()('/api/environments'),
  getEnvironment: get<{ environment: Environment }>()('/api/environments/:id'),
  updateEnvironment: put<{ name?: string; variables?: Variable[] }, { environment: Environment }>()('/api/environments/:id'),
  deleteEnvironment: del<Ok>()('/api/environments/:id'),
  setVariable: put<{ value: string; secret?: boolean }, { environment: Environment }>()('/api/environments/:id/variables/:name'),
  deleteVariable: del<Ok>()('/api/environments/:id/variables/:name'),
  /** A builder message with `{{variables}}`, filled in on the server (server/routes/send-with-environment.ts). */
  sendWithEnvironment: post<{ text: string; environmentId: string; to?: 'server' | 'client'; conn?: number }, { seq: number }>()('/api/sessions/:id/send-with-environment'),
  exportEnvironment: get<FileDownload>()('/api/environments/:id/export'),
  importEnvironment: post<{ text: string }, { environment: Environment; secrets: string[] }>()('/api/environments/import'),
  previewEnvironment: post<{ text?: string; target?: TargetSpec }, { text?: string; target?: TargetSpec; unknown: { name: string; where: string }[]; needsValue?: string }>()('/api/environments/:id/preview'),

  // ---- history (server/routes/history.ts)
  listHistory: get<{ sessions: HistoryEntry[]; hasMore: boolean; scanned: number }>()('/api/history'),
  historyTags: get<{ tags: { tag: string; count: number }[] }>()('/api/history/tags'),
  getHistory: get<{ session: HistoryEntry }>()('/api/history/:id'),
  updateHistory: put<{ name?: string; tags?: string[] }, { session: HistoryEntry }>()('/api/history/:id'),
  deleteHistory: del<Ok>()('/api/history/:id'),

  // ---- export, import, sharing (server/routes/export.ts)
  exportSession: get<FileDownload>()('/api/sessions/:id/export'),
  exportSelection: post<Redaction & { format: string }, FileDownload>()('/api/sessions/:id/export'),
  exportPreview: post<Redaction, { events: number; redaction: RedactionReport | null }>()('/api/sessions/:id/export/preview'),
  importSession: text<ImportedSession>()('/api/import/session'),
  getShare: get<ShareState>()('/api/sessions/:id/share'),
  share: post<undefined, { shareId: string; url: string }>()('/api/sessions/:id/share'),
  unshare: del<Ok>()('/api/sessions/:id/share'),

  // ---- publishing to a team server (server/routes/publish.ts)
  getTeamLink: get<TeamLinkState>()('/api/team/link'),
  setTeamLink: put<{ url?: string; token?: string }, TeamLinkState>()('/api/team/link'),
  publishSession: post<Redaction & { live?: boolean }, PublishResult>()('/api/sessions/:id/publish'),
  getPublication: get<{ live: LivePublicationStatus | null }>()('/api/sessions/:id/publish'),

  // ---- collections and environment templates to and from the team server (server/routes/team-sync.ts; :kind is a SharedKind)
  listTeamCopies: get<{ copies: TeamCopy[] }>()('/api/team/copies'),
  listTeamDocs: get<{ docs: TeamDocListing[] }>()('/api/team/docs/:kind'),
  pushTeamDoc: post<PushTeamDocBody, TeamPushResult>()('/api/team/docs/:kind/push', PushTeamDocBodySchema),
  pullTeamDoc: post<PullTeamDocBody, TeamPullResult>()('/api/team/docs/:kind/pull', PullTeamDocBodySchema),
} as const satisfies Record<string, RouteSpec>;

export type RouteName = keyof typeof API;
