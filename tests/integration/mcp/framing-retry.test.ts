/**
 * "Retry with the other framing" on the real everything server over stdio, chosen with no dialect:
 * spoken to with Content-Length headers it stays silent on stdout and the hint names newline;
 * spoken to in newline framing it answers, and no hint shows.
 */
import { createRequire } from 'node:module';
import path from 'node:path';
import { afterEach, describe, expect, it } from 'vitest';
import { framingRetry, RETRY_AFTER_MS } from '@/lib/framing/other-framing';
import type { SessionSummary } from '@/lib/session/types';
import { INITIALIZE, watchSession, type Watched } from './helpers';

const entry = path.join(path.dirname(createRequire(import.meta.url).resolve('@modelcontextprotocol/server-everything/package.json')), 'dist', 'index.js');
const open: Watched[] = [];
afterEach(async () => {
  while (open.length) await open.pop()!.session.close();
});

async function initializeWith(framing: 'content-length' | 'newline') {
  const w = await watchSession({ kind: 'stdio', command: process.execPath, args: [entry, 'stdio'], framing });
  open.push(w);
  const seq = await w.session.send(INITIALIZE(1));
  return { w, seq };
}
const summaryOf = (w: Watched) => ({ ...w.session.summary }) as SessionSummary;

describe('retry with the other framing', () => {
  it('an MCP server sent Content-Length stays silent, and the hint offers newline once the request has waited', async () => {
    const { w, seq } = await initializeWith('content-length');
    // The same server answers within a second when it understands (the next test); give it more.
    await new Promise((r) => setTimeout(r, 1500));
    w.session.flush();
    const request = w.bySeq(seq)!;
    expect(request.state).toBe('pending');
    expect(framingRetry(summaryOf(w), w.events, request.time + 100)).toBeNull();
    expect(framingRetry(summaryOf(w), w.events, request.time + RETRY_AFTER_MS)).toBe('newline');
  });

  it('in newline framing it answers, and nothing is offered', async () => {
    const { w, seq } = await initializeWith('newline');
    await w.waitFor('the initialize answer', () => w.bySeq(seq)?.state === 'answered', 15_000);
    expect(framingRetry(summaryOf(w), w.events, Date.now() + 60_000)).toBeNull();
  });
});
