/**
 * A secret environment variable substituted into a request, through a real server, a real HTTP
 * peer and the real bridge: the page never gets it in clear unless it asks for one entry, and
 * no export format or share page carries it — even after the environment changed.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import WebSocket from 'ws';
import { EXPORT_FORMAT_IDS } from '@/lib/export';
import { REDACTED } from '@/lib/redaction';
import type { ServerMessage } from '@/lib/session/bridge';
import type { SessionSummary, TrafficEvent } from '@/lib/session/types';
import { SECRET_MASK } from '@/lib/variables';
import { startPeer, type RunningPeer } from '@/tests/fixtures/peers/start-peer';
import { TOKEN, startTestServer, type TestServer } from '../helpers/test-server';
import { pageEvents } from '../helpers/bridge-events';

const SECRET = 'tok-Quartz-51f0a9e7';
let t: TestServer;
let peer: RunningPeer;

beforeAll(async () => {
  t = await startTestServer();
  peer = await startPeer('http-peer');
});
afterAll(async () => {
  await peer?.stop();
  await t?.stop();
});

async function runWithSecret(secret = SECRET): Promise<{ sessionId: string; seq: number; envId: string }> {
  const env = await t.api<{ environment: { id: string } }>('POST', '/api/environments', {
    name: `secrets ${Math.random()}`,
    variables: [{ name: 'apiToken', value: secret, secret: true }],
  });
  const c = await t.api<{ collection: { id: string } }>('POST', '/api/collections', { name: `secret run ${Math.random()}` });
  // `note` is no secret-looking member: only the variable tells the app this value is secret.
  const item = await t.api<{ item: { id: string } }>('POST', `/api/collections/${c.json.collection.id}/items`, {
    kind: 'request',
    name: 'echo',
    target: { kind: 'http', url: `http://127.0.0.1:${peer.port}/` },
    payload: { text: '{"jsonrpc":"2.0","id":"s1","method":"echo","params":{"note":"uses {{apiToken}} here"}}' },
  });
  const run = await t.api<{ session: SessionSummary; seq: number }>('POST', `/api/collections/${c.json.collection.id}/items/${item.json.item.id}/run`, {
    environmentId: env.json.environment.id,
  });
  expect(run.status).toBe(200);
  return { sessionId: run.json.session.id, seq: run.json.seq, envId: env.json.environment.id };
}

function bridgeEvents(sessionId: string, until: (evs: TrafficEvent[]) => boolean): Promise<TrafficEvent[]> {
  const origin = `http://127.0.0.1:${t.server.port}`;
  const ws = new WebSocket(`ws://127.0.0.1:${t.server.port}/bridge?token=${TOKEN}`, { headers: { origin } });
  const got: TrafficEvent[] = [];
  return new Promise((resolve, reject) => {
    const timer = setTimeout(() => (ws.close(), reject(new Error('the bridge sent too little'))), 5000);
    ws.on('open', () => ws.send(JSON.stringify({ type: 'subscribe', session: sessionId, sinceSeq: 0 })));
    ws.on('message', (data) => {
      const msg = JSON.parse(String(data)) as ServerMessage;
      if (msg.type === 'rows') got.push(...pageEvents(msg));
      if (until(got)) {
        clearTimeout(timer);
        ws.close();
        resolve(got);
      }
    });
    ws.on('error', reject);
  });
}

describe('a secret variable sent in a request', () => {
  it('reaches the page masked, on the bridge and in GET events, with the variable named, and in clear only when revealed', async () => {
    const { sessionId, seq } = await runWithSecret();
    const events = await t.eventsUntil(sessionId, (evs) => evs.some((e) => e.dir === 'in' && e.kind === 'response'));
    expect(JSON.stringify(events)).not.toContain(SECRET);
    const sent = events.find((e) => e.seq === seq)!;
    expect(JSON.parse(sent.raw).params.note).toBe(`uses ${SECRET_MASK} here`);
    expect(sent.masked).toEqual(['apiToken']);
    // The peer echoed it back: the answer is masked too.
    const answer = events.find((e) => e.dir === 'in' && e.kind === 'response')!;
    expect(answer.raw).toContain(SECRET_MASK);

    const live = await bridgeEvents(sessionId, (evs) => evs.some((e) => e.seq === answer.seq));
    expect(JSON.stringify(live)).not.toContain(SECRET);
    expect(live.find((e) => e.seq === seq)?.masked).toEqual(['apiToken']);

    const revealed = await t.api<{ event: TrafficEvent }>('GET', `/api/sessions/${sessionId}/events/${seq}/revealed`);
    expect(revealed.status).toBe(200);
    expect(JSON.parse(revealed.json.event.raw).params.note).toBe(`uses ${SECRET} here`);
    expect(revealed.json.event.masked).toBeUndefined();
    expect((await t.api('GET', `/api/sessions/${sessionId}/events/99999/revealed`)).status).toBe(404);
  });

  it('is in no export format and not on the share page, even after the environment was deleted', async () => {
    const secret = 'tok-Basalt-8c2d417e'; // only this test's environment holds it
    const { sessionId, envId } = await runWithSecret(secret);
    await t.eventsUntil(sessionId, (evs) => evs.some((e) => e.dir === 'in' && e.kind === 'response'));
    // The value the session sent is kept with the session, not only in the environment.
    expect((await t.api('DELETE', `/api/environments/${envId}`)).status).toBe(200);
    const headers = { 'x-rpcscope-token': TOKEN };
    for (const format of EXPORT_FORMAT_IDS) {
      const r = await t.raw({ path: `/api/sessions/${sessionId}/export?format=${format}`, headers });
      expect(r.status, format).toBe(200);
      expect(r.text, format).not.toContain(secret);
      // The SVG draws methods and statuses, never params: there is nothing in it to mark redacted.
      if (format !== 'svg') expect(r.text, format).toContain(REDACTED);
    }
    const share = await t.api<{ url: string }>('POST', `/api/sessions/${sessionId}/share`);
    const page = await t.raw({ path: new URL(share.json.url).pathname });
    expect(page.status).toBe(200);
    expect(page.text).not.toContain(secret);
    // The recording itself keeps the exact bytes: an explicit redact=none export has them.
    const none = await t.raw({ path: `/api/sessions/${sessionId}/export?format=session&redact=none`, headers });
    expect(none.text).toContain(secret);
  });
});
