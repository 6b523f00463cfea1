/**
 * What an MCP server offers, read from its list results: tools, resources, resource templates and
 * prompts. Each list has its request method, the member its result holds the items in, and the
 * notification that says it changed — one table, so the panes and their refresh derive from it.
 * Peer data is bounded and kept as text; nothing here trusts a member's type.
 */
import { isRecord } from '../dialects/messages';

export interface McpTool { name: string; title?: string; description?: string; inputSchema: unknown }
export interface McpResource { uri: string; name: string; description?: string; mimeType?: string }
export interface McpResourceTemplate { uriTemplate: string; name: string; description?: string }
export interface McpPrompt { name: string; title?: string; description?: string; arguments: { name: string; description?: string; required: boolean }[] }

export interface McpLists {
  tools: McpTool;
  resources: McpResource;
  templates: McpResourceTemplate;
  prompts: McpPrompt;
}
export type McpListKind = keyof McpLists;

/** Items read from one page at most (a server listing more pages them with nextCursor). */
const MAX_ITEMS = 1000;
const s = (v: unknown, max = 4000) => (typeof v === 'string' ? v.slice(0, max) : undefined);

interface ListSpec<T> {
  label: string;
  method: string;
  /** The result member that holds the items. */
  member: string;
  changed: string;
  /** The server capability that says it has this list. */
  capability: string;
  read(item: unknown): T | undefined;
}

export const MCP_LISTS: { readonly [K in McpListKind]: ListSpec<McpLists[K]> } = {
  tools: {
    label: 'Tools', method: 'tools/list', member: 'tools', changed: 'notifications/tools/list_changed', capability: 'tools',
    read: (t) => (isRecord(t) && typeof t.name === 'string' ? { name: t.name.slice(0, 500), title: s(t.title, 500), description: s(t.description), inputSchema: t.inputSchema } : undefined),
  },
  resources: {
    label: 'Resources', method: 'resources/list', member: 'resources', changed: 'notifications/resources/list_changed', capability: 'resources',
    read: (r) => (isRecord(r) && typeof r.uri === 'string' ? { uri: r.uri.slice(0, 4000), name: s(r.name, 500) ?? r.uri.slice(0, 500), description: s(r.description), mimeType: s(r.mimeType, 200) } : undefined),
  },
  templates: {
    label: 'Templates', method: 'resources/templates/list', member: 'resourceTemplates', changed: 'notifications/resources/list_changed', capability: 'resources',
    read: (r) => (isRecord(r) && typeof r.uriTemplate === 'string' ? { uriTemplate: r.uriTemplate.slice(0, 4000), name: s(r.name, 500) ?? r.uriTemplate.slice(0, 500), description: s(r.description) } : undefined),
  },
  prompts: {
    label: 'Prompts', method: 'prompts/list', member: 'prompts', changed: 'notifications/prompts/list_changed', capability: 'prompts',
    read: (p) => {
      if (!isRecord(p) || typeof p.name !== 'string') return undefined;
      const args = Array.isArray(p.arguments) ? p.arguments : [];
      return {
        name: p.name.slice(0, 500), title: s(p.title, 500), description: s(p.description),
        arguments: args.slice(0, 100).filter(isRecord).filter((a) => typeof a.name === 'string').map((a) => ({ name: String(a.name).slice(0, 200), description: s(a.description), required: a.required === true })),
      };
    },
  },
};

export const MCP_LIST_KINDS = Object.keys(MCP_LISTS) as McpListKind[];

/** The items of a list result, and its cursor when there are more; or why the result is not one. */
export function readList<K extends McpListKind>(kind: K, result: unknown): { ok: true; items: McpLists[K][]; nextCursor?: string } | { ok: false; error: string } {
  const spec = MCP_LISTS[kind];
  if (!isRecord(result) || !Array.isArray(result[spec.member])) return { ok: false, error: `the ${spec.method} result has no ${spec.member} array` };
  const items: McpLists[K][] = [];
  for (const raw of (result[spec.member] as unknown[]).slice(0, MAX_ITEMS)) {
    const item = spec.read(raw);
    if (item) items.push(item);
  }
  const nextCursor = s(result.nextCursor, 2000);
  return { ok: true, items, ...(nextCursor ? { nextCursor } : {}) };
}

/** The lists a notification says have changed (resources/list_changed refreshes resources and templates). */
export function listsChangedBy(method: string): McpListKind[] {
  return MCP_LIST_KINDS.filter((k) => MCP_LISTS[k].changed === method);
}
