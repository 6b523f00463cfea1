/**
 * "Run folder": a folder's items (or a whole collection's) in order, in one live session or each
 * against its own saved target, judged by lib/collections/sequence.ts — the same judge as
 * `rpcscope run`. Secret values are registered with a session before its bytes go out, so the
 * page sees them masked; the report carries the sent texts masked and captured names only.
 */
import { HttpError, type ApiRouter } from '../api';
import { API } from '../../lib/api/routes';
import { RunIds, findFolder, planItems, runSequence, type Exchange, type PlannedItem } from '../../lib/collections';
import type { FolderNode } from '../../lib/collections/stored';
import { describeUnknown, substituteTarget } from '../../lib/variables';
import type { TargetSpec } from '../../lib/session/types';
import { sentSecrets } from '../session/secrets';
import type { SessionManager } from '../session/manager';
import { firstAutoId, guard, objectBody, optionalString, type RouteDeps } from './common';

/** Longest wait for one answer beyond the session's own timeout (the correlator settles it first). */
const ANSWER_BOUND_MS = 65_000;

const sleep = (ms: number) => new Promise((r) => setTimeout(r, ms));

async function exchangeIn(manager: SessionManager, sessionId: string, text: string, secretNames: string[], vars: { name: string; value: string; secret?: boolean }[]): Promise<Exchange> {
  const live = manager.getLive(sessionId);
  if (!live || !live.isOpen) return { error: 'the session is not live: connect again to run' };
  manager.secrets.add(sessionId, sentSecrets(secretNames, vars));
  let seq: number;
  try {
    seq = await live.send(text);
  } catch (err) {
    return { error: `could not send: ${(err as Error).message}` };
  }
  const deadline = Date.now() + ANSWER_BOUND_MS;
  let request = manager.event(sessionId, seq);
  while ((!request || request.state === 'pending') && live.isOpen && Date.now() < deadline) {
    await sleep(10);
    request = manager.event(sessionId, seq);
  }
  return { request, answer: request?.pair !== undefined ? manager.event(sessionId, request.pair) : undefined };
}

export function runFolderRoutes(router: ApiRouter, deps: RouteDeps): ApiRouter {
  const { store, manager } = deps;
  return router.on(API.runFolder, guard(async (ctx) => {
    const body = await objectBody(ctx);
    const tree = store.collections.tree(ctx.params.id);
    const folderId = optionalString(body, 'folderId');
    const sessionId = optionalString(body, 'sessionId');
    const environmentId = optionalString(body, 'environmentId');
    let items: PlannedItem[];
    if (folderId) {
      const path: string[] = [];
      const walk = (list: FolderNode[]): FolderNode | null => {
        for (const f of list) {
          path.push(f.name);
          if (f.id === folderId) return f;
          const inner = walk(f.folders);
          if (inner) return inner;
          path.pop();
        }
        return null;
      };
      const folder = walk(tree.folders);
      if (!folder || !findFolder(tree.folders, path)) throw new HttpError(404, `no folder ${folderId} in this collection`);
      items = planItems(folder, path);
    } else items = planItems(tree);
    if (items.length === 0) throw new HttpError(400, 'nothing to run: this folder has no items');
    if (sessionId && !manager.getLive(sessionId)?.isOpen) throw new HttpError(409, 'this session is not live: connect again to run');
    // A secret imported without its value is left out, so using it is named like an unknown variable.
    const vars = (environmentId ? store.environments.require(environmentId).variables : []).filter((v) => !(v.secret && v.value === ''));
    const secretNames = (text: string) => vars.filter((v) => v.secret && v.value.length > 0 && text.includes(v.value)).map((v) => v.name);
    const opened = new Map<string, string>();
    const send = async (item: PlannedItem, text: string): Promise<Exchange> => {
      if (sessionId) return exchangeIn(manager, sessionId, text, secretNames(text), vars);
      if (!item.target) return { error: 'this item has no target of its own: choose a session to run the folder in' };
      const t = substituteTarget(item.target as TargetSpec, vars);
      if (t.unknown.length) return { error: describeUnknown(t.unknown) };
      const key = JSON.stringify(t.target);
      let id = opened.get(key);
      if (!id || !manager.getLive(id)?.isOpen) {
        try {
          const session = await manager.open(t.target, `Run: ${[...item.folder, item.name].join(' › ')}`, undefined, sentSecrets(t.used, vars));
          id = session.id;
          opened.set(key, id);
        } catch (err) {
          return { error: `could not connect: ${(err as Error).message}` };
        }
      }
      return exchangeIn(manager, id, text, secretNames(text), vars);
    };
    // In the page's session, batches' "auto" ids continue from its next id; new sessions start at 1.
    const report = await runSequence(items, vars, send, Date.now, new RunIds(sessionId ? firstAutoId(body) : 1));
    return { report, sessionIds: sessionId ? [sessionId] : [...opened.values()] };
  }));
}
