'use client';
/** What the MCP panes know per session: each list as the server last gave it, and the open tab. */
import { create } from 'zustand';
import { MCP_LIST_KINDS, readList, MCP_LISTS, type McpListKind, type McpLists } from '@/lib/mcp/catalog';
import { request } from './calls';

export type ListState<K extends McpListKind> =
  | { state: 'idle' }
  | { state: 'loading' }
  | { state: 'loaded'; items: McpLists[K][]; more: boolean }
  | { state: 'failed'; error: string };

export type McpTab = McpListKind | 'requests';

type Lists = { [K in McpListKind]: ListState<K> };
const IDLE = Object.fromEntries(MCP_LIST_KINDS.map((k) => [k, { state: 'idle' }])) as Lists;

interface McpState {
  lists: Record<string, Lists>;
  tab: Record<string, McpTab>;
  setTab(sessionId: string, tab: McpTab): void;
  load(sessionId: string, kind: McpListKind): Promise<void>;
}

export const listsOf = (s: McpState, sessionId: string): Lists => s.lists[sessionId] ?? IDLE;

/** Pages followed at most when a server lists with nextCursor (the rest stays "more"). */
const MAX_PAGES = 10;

export const useMcp = create<McpState>()((set, get) => {
  const put = <K extends McpListKind>(sessionId: string, kind: K, state: ListState<K>) =>
    set((s) => ({ lists: { ...s.lists, [sessionId]: { ...listsOf(s, sessionId), [kind]: state } } }));
  return {
    lists: {},
    tab: {},
    setTab: (sessionId, tab) => set((s) => ({ tab: { ...s.tab, [sessionId]: tab } })),
    async load(sessionId, kind) {
      if (listsOf(get(), sessionId)[kind].state === 'loading') return;
      put(sessionId, kind, { state: 'loading' });
      const items: McpLists[typeof kind][] = [];
      let cursor: string | undefined;
      for (let page = 0; page < MAX_PAGES; page++) {
        const answer = await request(sessionId, MCP_LISTS[kind].method, cursor ? { cursor } : {});
        if (!answer.ok) return put(sessionId, kind, { state: 'failed', error: answer.error });
        const list = readList(kind, answer.result);
        if (!list.ok) return put(sessionId, kind, { state: 'failed', error: list.error });
        items.push(...list.items);
        cursor = list.nextCursor;
        if (!cursor) break;
      }
      put(sessionId, kind, { state: 'loaded', items, more: cursor !== undefined } as ListState<typeof kind>);
    },
  };
});
