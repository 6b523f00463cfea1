import { afterEach, describe, expect, it } from 'vitest';
import { parseSessionFile, serializeSessionFile } from '@/lib/session/file-format';
import type { SessionFileV1, TargetSpec, TrafficEvent } from '@/lib/session/types';
import { tempStores } from './temp-store';

const temp = tempStores();
afterEach(() => temp.cleanup());

const target: TargetSpec = { kind: 'stdio', command: 'pylsp', args: ['-v'], env: { LANG: 'C.UTF-8' }, framing: 'content-length' };
const framed = (body: string) => `Content-Length: ${new TextEncoder().encode(body).length}\r\n\r\n${body}`;

function recorded(): TrafficEvent[] {
  const bigId = '98765432109876543210';
  return [
    { seq: 1, t: 0, time: Date.UTC(2025, 4, 1), dir: 'meta', raw: '', kind: 'connection', note: 'started', process: { pid: 10 }, findings: [] },
    { seq: 2, t: 0.5, time: Date.UTC(2025, 4, 1) + 0.5, dir: 'out', raw: framed(`{"jsonrpc":"2.0","id":${bigId},"method":"initialize","params":{"rootUri":"file:///tmp/ünïcødé 日本"}}`), kind: 'request', id: 98765432109876540000, idText: bigId, method: 'initialize', state: 'answered', pair: 4, findings: [] },
    { seq: 3, t: 0.75, time: Date.UTC(2025, 4, 1) + 0.75, dir: 'meta', raw: 'warning: x\r\n', kind: 'stderr', findings: [] },
    { seq: 4, t: 12.5, time: Date.UTC(2025, 4, 1) + 12.5, dir: 'in', raw: framed(`{"jsonrpc":"2.0","id":${bigId},"result":{"capabilities":{}}}`), kind: 'response', id: 98765432109876540000, idText: bigId, pair: 2, latencyMs: 12, state: 'answered', findings: [] },
    { seq: 5, t: 13, time: Date.UTC(2025, 4, 1) + 13, dir: 'in', raw: '\ufffd\ufffd garbage', rawBase64: '//4gZ2FyYmFnZQ==', kind: 'noise', reason: 'not-json', findings: [] },
  ];
}

describe('session files through the store', () => {
  it('exports a recorded session and imports it back: same entries, raw byte for byte, same file', () => {
    const store = temp.open(temp.dir());
    const s = store.sessions.create({ name: 'pylsp run', target, status: 'open', startedAt: '2025-05-01T00:00:00.000Z' });
    store.events.appendMany(s.id, recorded());
    store.sessions.setStatus(s.id, 'closed');

    const text = serializeSessionFile(store.exportSessionFile(s.id));
    const parsed = parseSessionFile(text);
    expect(parsed.ok).toBe(true);
    if (!parsed.ok) return;

    const imported = store.importSessionFile(parsed.value);
    expect(imported).toMatchObject({ name: 'pylsp run', status: 'closed', imported: true, lastSeq: 5, target });
    expect(imported.id).not.toBe(s.id);
    expect(imported.endedAt).toBe(new Date(Date.UTC(2025, 4, 1) + 13).toISOString());
    expect(imported.counts).toEqual(store.sessions.require(s.id).counts);
    const events = store.events.listEvents(imported.id);
    expect(events).toEqual(recorded());
    expect(events.map((e) => e.raw)).toEqual(recorded().map((e) => e.raw));
    expect(serializeSessionFile(store.exportSessionFile(imported.id))).toBe(text);
    expect(store.sessions.list({ imported: true }).map((x) => x.id)).toEqual([imported.id]);
  });

  it('imports all or nothing: a file that fails half-way leaves no session behind', () => {
    const store = temp.open(temp.dir());
    const events = recorded();
    // Bypasses parseSessionFile on purpose: the store itself must not half-load either.
    const file: SessionFileV1 = { format: 'rpcscope-session', version: 1, target, startedAt: '2025-05-01T00:00:00.000Z', events: [...events, events[0]] };
    expect(() => store.importSessionFile(file)).toThrow('event seq 1 is already recorded in this session');
    expect(store.sessions.list()).toEqual([]);
  });
});
