/**
 * The MCP side of an HTTP session: it notices initialize being answered (then the transport opens
 * the standalone GET stream and sends MCP-Protocol-Version from then on), remembers what each POST
 * carried and checks the replies against MCP's Streamable HTTP rules (lib/dialects/mcp-http.ts).
 */
import { checkMcpHttpReply, postFacts, type McpPostFacts } from '../../lib/dialects/mcp-http';
import { isRecord } from '../../lib/dialects/messages';
import { isMcpDialect } from '../../lib/dialects/mcp';
import type { PipelineOutput } from '../../lib/session/pipeline';
import type { HttpTarget } from '../../lib/session/types';

/** POSTs remembered at once; a target that never ends its exchanges cannot grow it past this. */
const MAX_POSTS = 4096;

interface Post {
  facts: McpPostFacts;
  initialize: boolean;
  replied: boolean;
}

export interface McpHttpHooks {
  /** The session's dialect now (the rules apply to MCP sessions only). */
  dialect(): string;
  /** initialize was answered: open the server's stream with the version it negotiated. */
  initialized(protocolVersion: string | undefined): void;
}

export class McpHttpSession {
  private readonly posts = new Map<number, Post>();
  private sessionId: string | undefined;

  constructor(
    target: HttpTarget,
    private readonly hooks: McpHttpHooks,
  ) {
    const user = Object.entries(target.headers ?? {}).find(([k]) => k.toLowerCase() === 'mcp-session-id');
    this.sessionId = user?.[1];
  }

  /** A POST went out (recorded as `out`). */
  sent(out: PipelineOutput): void {
    const c = out.classified;
    if (!c) return;
    if (this.posts.size >= MAX_POSTS) this.posts.delete(this.posts.keys().next().value as number);
    this.posts.set(out.event.seq, {
      facts: postFacts(c, this.sessionId !== undefined),
      initialize: c.kind === 'request' && c.method === 'initialize',
      replied: false,
    });
  }

  /** Something came back on a POST (a body, or an empty reply); its findings are added before it is recorded. */
  reply(out: PipelineOutput): void {
    const http = out.event.http;
    const sid = http?.headers?.['mcp-session-id'];
    if (sid) this.sessionId = sid;
    const ref = http?.requestSeq;
    const post = ref !== undefined ? this.posts.get(ref) : undefined;
    if (!post) return;
    const first = !post.replied;
    post.replied = true;
    if (post.initialize && out.event.kind === 'response' && out.event.pair === ref) {
      const result = isRecord(out.classified?.value) ? out.classified.value.result : undefined;
      const version = isRecord(result) && typeof result.protocolVersion === 'string' ? result.protocolVersion.slice(0, 64) : undefined;
      this.hooks.initialized(version);
    }
    if (!isMcpDialect(this.hooks.dialect())) return;
    const body = out.event.kind === 'no-body' ? undefined : out.classified;
    const findings = checkMcpHttpReply(post.facts, { status: http?.status, body, first });
    if (findings.length) out.event.findings.push(...findings);
  }

  /** The POST's exchange is over. */
  ended(ref: number): void {
    this.posts.delete(ref);
  }
}
