/**
 * MCP tool results and progress. A tool that fails answers `tools/call` with a normal result that
 * has `isError: true`: a success on the wire, a failure to the user, so it gets a finding the
 * timeline status reads (`TOOL_ERROR_RULE`). Progress names its request by `_meta.progressToken`.
 */
import { finding, PendingTable } from './lifecycle-util';
import { entriesOf, isAnswer, isRecord } from './messages';
import type { LifecycleChecker, LifecycleFinding, ProgressLink } from './types';

/** The finding on a tools/call result with isError: true (lib/timeline/status.ts shows it as "tool error"). */
export const TOOL_ERROR_RULE = 'mcp-tool-error';

export const MCP_TOOL_SPEC = {
  isError:
    'Any errors that originate from the tool SHOULD be reported inside the result object, with `isError` set to true, not as an MCP protocol-level error response. (MCP schema, CallToolResult)',
} as const;

/** The first text content of a tool result, short, to say what went wrong. */
function firstText(result: Record<string, unknown>): string | undefined {
  const content = Array.isArray(result.content) ? result.content : [];
  const text = content.find((c): c is { text: string } => isRecord(c) && c.type === 'text' && typeof c.text === 'string');
  if (!text) return undefined;
  const t = text.text.replace(/\s+/g, ' ').trim();
  return t.length > 200 ? `${t.slice(0, 197)}…` : t;
}

/** Watches tools/call requests (either way) and flags the results that carry isError: true. */
export function createMcpToolChecker(): LifecycleChecker {
  const calls = new PendingTable<string>(4096);
  return {
    observe({ seq, dir, classified }): LifecycleFinding[] {
      if (dir === 'meta') return [];
      const out: LifecycleFinding[] = [];
      for (const e of entriesOf(classified)) {
        if (e.kind === 'request' && e.method === 'tools/call' && e.idKey !== undefined) {
          const name = isRecord(e.params) && typeof e.params.name === 'string' ? e.params.name.slice(0, 100) : '';
          calls.set(`${dir}:${e.idKey}`, name);
          continue;
        }
        if (!isAnswer(e)) continue;
        const tool = calls.take(e.idKey !== undefined ? `${dir === 'in' ? 'out' : 'in'}:${e.idKey}` : undefined);
        if (tool === undefined || e.kind !== 'response' || !isRecord(e.result) || e.result.isError !== true) continue;
        const said = firstText(e.result);
        const what = `The tool${tool ? ` \`${tool}\`` : ''} failed: its result has isError: true${said ? ` (${JSON.stringify(said)})` : ''}.`;
        out.push(finding(seq, TOOL_ERROR_RULE, 'info', what, MCP_TOOL_SPEC.isError, 'result.isError'));
      }
      return out;
    },
  };
}

/** Runs several checkers over one conversation as one. */
export function combineCheckers(...checkers: LifecycleChecker[]): LifecycleChecker {
  return { observe: (input) => checkers.flatMap((c) => c.observe(input)) };
}

const num = (v: unknown) => (typeof v === 'number' && Number.isFinite(v) ? v : undefined);

export const mcpProgressLink: ProgressLink = {
  methods: ['notifications/progress'],
  requestToken: (params) => (isRecord(params) && isRecord(params._meta) ? params._meta.progressToken : undefined),
  notificationToken: (params) => (isRecord(params) ? params.progressToken : undefined),
  read(params) {
    if (!isRecord(params)) return {};
    const progress = num(params.progress);
    const total = num(params.total);
    const message = typeof params.message === 'string' ? params.message.slice(0, 500) : undefined;
    return { ...(progress !== undefined ? { progress } : {}), ...(total !== undefined ? { total } : {}), ...(message !== undefined ? { message } : {}) };
  },
  askFor: (params, token) => ({ ...params, _meta: { ...(isRecord(params._meta) ? params._meta : {}), progressToken: token } }),
};
