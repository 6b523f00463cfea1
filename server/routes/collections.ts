/**
 * Collections of saved requests: CRUD on collections, folders and items; export and import of
 * collection files and OpenRPC documents (all or nothing); running an item in a live session or
 * against its own target, with an environment's `{{variables}}` filled in on the server (so the
 * browser never needs secret values).
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import type { CollectionImport } from '../../lib/api/bodies';
import type { Store } from '../store';
import {
  autoIdsOf,
  buildCollectionFile,
  itemMessageText,
  withFreshIds,
  openRpcToCollection,
  parseCollectionFile,
  serializeCollectionFile,
  type CollectionFileFolder,
  type CollectionFileV1,
  type CollectionParse,
} from '../../lib/collections';
import { safeFileName } from '../../lib/export/filename';
import { describeNeedsValue, describeUnknown, needsValue, substituteMessage, substituteTarget } from '../../lib/variables';
import { sentSecrets } from '../session/secrets';
import { allSecrets, firstAutoId, guard, objectBody, optionalString, requiredString, sendDownload, type RouteDeps } from './common';
import type { SessionManager } from '../session/manager';
import { SendRefusedError } from '../transports/send-queue';
import { runFolderRoutes } from './run-folder';

const IMPORT_LIMIT = 40 * 1024 * 1024;

/** The name itself, or "name (2)", "name (3)" … when a collection already has it. */
function freeName(store: Store, wanted: string): string {
  const taken = new Set(store.collections.list().map((c) => c.name.toLowerCase()));
  if (!taken.has(wanted.toLowerCase())) return wanted;
  for (let i = 2; i < 10_000; i++) {
    const suffix = ` (${i})`;
    const candidate = wanted.slice(0, 200 - suffix.length) + suffix;
    if (!taken.has(candidate.toLowerCase())) return candidate;
  }
  throw new HttpError(409, `too many collections named "${wanted}"`);
}

/** Writes a validated file as a new collection; on any failure the half-made collection goes. */
function importFile(store: Store, file: CollectionFileV1, name?: string) {
  const collection = store.collections.create({ name: freeName(store, name ?? file.name) });
  try {
    const put = (items: CollectionFileV1['items'], folderId: string | null) => {
      for (const it of items) {
        store.collections.createItem(collection.id, { kind: it.kind, name: it.name, payload: it.payload, target: it.target, checks: it.checks, folderId });
      }
    };
    const walk = (folders: CollectionFileFolder[], parentId: string | null) => {
      for (const f of folders) {
        const folder = store.collections.createFolder(collection.id, { name: f.name, parentId });
        put(f.items, folder.id);
        walk(f.folders, folder.id);
      }
    };
    put(file.items, null);
    walk(file.folders, null);
  } catch (err) {
    store.collections.delete(collection.id);
    throw err;
  }
  return store.collections.tree(collection.id);
}

function itemIn(store: Store, collectionId: string, itemId: string) {
  const item = store.collections.requireItem(itemId);
  if (item.collectionId !== collectionId) throw new HttpError(404, `no item ${itemId} in collection ${collectionId}`);
  return item;
}

function folderIn(store: Store, collectionId: string, folderId: string) {
  const folder = store.collections.getFolder(folderId);
  if (!folder || folder.collectionId !== collectionId) throw new HttpError(404, `no folder ${folderId} in collection ${collectionId}`);
  return folder;
}

/** null, a string, or absent (undefined) — for "move to root" versus "leave where it is". */
function nullableId(o: Record<string, unknown>, key: string): string | null | undefined {
  const v = o[key];
  if (v === undefined || v === null) return v as null | undefined;
  if (typeof v !== 'string') throw new HttpError(400, `${key} must be an id or null`);
  return v;
}

async function runItem(deps: RouteDeps, collectionId: string, itemId: string, body: Record<string, unknown>) {
  const { store, manager } = deps;
  const item = itemIn(store, collectionId, itemId);
  const environmentId = optionalString(body, 'environmentId');
  const sessionId = optionalString(body, 'sessionId');
  const vars = environmentId ? store.environments.require(environmentId).variables : [];
  // A batch's "auto" ids are numbered afresh from the session's next id (a new session: 1).
  const autoIds = item.kind === 'batch' ? autoIdsOf(item.payload) : [];
  const template = withFreshIds(itemMessageText(item.payload), autoIds, sessionId ? firstAutoId(body) : 1).text;
  const message = substituteMessage(template, vars, 'payload');
  if (message.unknown.length) throw new HttpError(400, describeUnknown(message.unknown));
  // A secret imported by name only is asked for here, on first use, instead of sending ''.
  const missing = needsValue(vars, message.used);
  if (missing.length) throw new HttpError(400, describeNeedsValue(missing));
  if (sessionId) {
    if (manager.getLive(sessionId)?.isOpen) manager.secrets.add(sessionId, sentSecrets(message.used, vars));
    return { sessionId, seq: await sendTo(manager, sessionId, message.text) };
  }
  if (!item.target) throw new HttpError(400, 'this item has no target of its own: choose a session to run it in');
  const target = substituteTarget(item.target, vars);
  if (target.unknown.length) throw new HttpError(400, describeUnknown(target.unknown));
  const missingInTarget = needsValue(vars, target.used);
  if (missingInTarget.length) throw new HttpError(400, describeNeedsValue(missingInTarget));
  let session;
  try {
    // Registered before the first byte goes out, so the first entries are already masked.
    const sent = sentSecrets([...target.used, ...message.used], vars);
    session = await manager.open(target.target, optionalString(body, 'name') ?? item.name, undefined, sent);
  } catch (err) {
    throw new HttpError(502, err instanceof Error ? err.message : String(err));
  }
  return { sessionId: session.id, session: manager.summary(session.id) ?? session.summary, seq: await sendTo(manager, session.id, message.text) };
}

async function sendTo(manager: SessionManager, sessionId: string, text: string): Promise<number> {
  if (!manager.summary(sessionId)) throw new HttpError(404, `no session ${sessionId}`);
  const live = manager.getLive(sessionId);
  if (!live || !live.isOpen) throw new HttpError(409, 'this session is not live (past or imported): connect again to run the item');
  try {
    return await live.send(text);
  } catch (err) {
    throw new HttpError(err instanceof SendRefusedError ? 429 : 409, err instanceof Error ? err.message : String(err));
  }
}

function answerImport(store: Store, parsed: CollectionParse, name?: string): CollectionImport {
  // A 400 that lists every bad entry, so the user can fix the file in one go.
  if (!parsed.ok) throw new HttpError(400, parsed.error, { errors: parsed.errors });
  const tree = importFile(store, parsed.value, name);
  return { collection: tree.collection, tree, counts: parsed.counts };
}

export function collectionRoutes(router: ApiRouter, deps: RouteDeps): ApiRouter {
  const { store } = deps;
  const c = store.collections;
  // "Run folder" has its own file; it registers beside these routes.
  return runFolderRoutes(router, deps)
    .on(API.listCollections, guard(() => ({ collections: c.list() })))
    .on(API.createCollection, guard(async (ctx) => ({ collection: c.create({ name: requiredString(await objectBody(ctx), 'name') }) })))
    .on(API.importCollection, guard(async (ctx) => {
      const body = await objectBody(ctx);
      const text = requiredString(body, 'text');
      if (text.length > IMPORT_LIMIT) throw new HttpError(413, 'the collection file is larger than 40 MiB');
      return answerImport(store, parseCollectionFile(text), optionalString(body, 'name'));
    }))
    .on(API.importOpenRpcCollection, guard(async (ctx) => {
      const body = await objectBody(ctx);
      const input = body.document !== undefined ? body.document : requiredString(body, 'text');
      const name = optionalString(body, 'name');
      return answerImport(store, openRpcToCollection(input, { name }), name);
    }))
    .on(API.getCollection, guard(({ params }) => ({ tree: c.tree(params.id) })))
    .on(API.renameCollection, guard(async (ctx) => ({ collection: c.rename(ctx.params.id, requiredString(await objectBody(ctx), 'name')) })))
    .on(API.deleteCollection, guard(({ params }) => {
      if (!c.delete(params.id)) throw new HttpError(404, `no collection ${params.id}`);
      return { ok: true };
    }))
    .on(API.exportCollection, guard(({ params, res }) => {
      const { file, secretsReplaced } = buildCollectionFile(c.tree(params.id), { secrets: allSecrets(store) });
      sendDownload(res, serializeCollectionFile(file), safeFileName(file.name, 'rpcscope-collection.json', 'collection'), 'application/json; charset=utf-8', {
        'x-rpcscope-secrets-replaced': String(secretsReplaced),
      });
      return undefined;
    }))
    .on(API.createFolder, guard(async (ctx) => {
      const body = await objectBody(ctx);
      return { folder: c.createFolder(ctx.params.id, { name: requiredString(body, 'name'), parentId: nullableId(body, 'parentId') ?? null }) };
    }))
    .on(API.updateFolder, guard(async (ctx) => {
      const { id, folderId } = ctx.params;
      folderIn(store, id, folderId);
      const body = await objectBody(ctx);
      const name = optionalString(body, 'name');
      const parentId = nullableId(body, 'parentId');
      if (name !== undefined) c.renameFolder(folderId, name);
      if (parentId !== undefined) c.moveFolder(folderId, parentId);
      const folder = c.getFolder(folderId);
      if (!folder) throw new HttpError(404, `no folder ${folderId}`);
      return { folder };
    }))
    .on(API.deleteFolder, guard(({ params }) => {
      folderIn(store, params.id, params.folderId);
      c.deleteFolder(params.folderId);
      return { ok: true };
    }))
    .on(API.createItem, guard(async (ctx) => {
      const body = await objectBody(ctx);
      const item = c.createItem(ctx.params.id, {
        kind: body.kind as never,
        name: requiredString(body, 'name'),
        payload: body.payload,
        target: body.target as never,
        checks: body.checks as never,
        folderId: nullableId(body, 'folderId') ?? null,
      });
      return { item };
    }))
    .on(API.getItem, guard(({ params }) => ({ item: itemIn(store, params.id, params.itemId) })))
    .on(API.updateItem, guard(async (ctx) => {
      itemIn(store, ctx.params.id, ctx.params.itemId);
      const body = await objectBody(ctx);
      const position = body.position;
      if (position !== undefined && typeof position !== 'number') throw new HttpError(400, 'position must be a number');
      const item = c.updateItem(ctx.params.itemId, {
        name: optionalString(body, 'name'),
        payload: body.payload,
        target: body.target as never,
        checks: body.checks as never,
        folderId: nullableId(body, 'folderId'),
        collectionId: optionalString(body, 'collectionId'),
        position: position as number | undefined,
      });
      return { item };
    }))
    .on(API.duplicateItem, guard(({ params }) => {
      itemIn(store, params.id, params.itemId);
      return { item: c.duplicateItem(params.itemId) };
    }))
    .on(API.deleteItem, guard(({ params }) => {
      itemIn(store, params.id, params.itemId);
      c.deleteItem(params.itemId);
      return { ok: true };
    }))
    .on(API.runItem, guard(async (ctx) => runItem(deps, ctx.params.id, ctx.params.itemId, await objectBody(ctx))));
}

