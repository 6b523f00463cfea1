import { describe, expect, it } from 'vitest';
import { EXPORT_FORMATS, EXPORT_FORMAT_IDS } from '@/lib/export';
import { REDACTED, redactSessionFile } from '@/lib/redaction';
import { ACCOUNT_SECRET_PARAMS } from '@/lib/redaction/account-methods';
import type { SessionFileV1, TrafficEvent } from '@/lib/session/types';
import { EXPORT_ASSETS } from '@/server/export-viewer';

const ADDRESS = '0x407d73d8a49eeb85d32cf465507dd71d507100c1';
const KEY = 'cd3376bb711cb332ee3fb2ca04c6a8b9f70c316fcdf7a1f44ef4c7999483295e';
const TX = { from: ADDRESS, to: '0x3535353535353535353535353535353535353535', value: '0x1' };

/** One request per account method, each with a distinct passphrase (and a raw key for importRawKey). */
const CASES: { method: string; params: unknown[]; secrets: string[] }[] = [
  { method: 'personal_unlockAccount', params: [ADDRESS, 'unlock-pass-1111', 300], secrets: ['unlock-pass-1111'] },
  { method: 'personal_importRawKey', params: [KEY, 'import-pass-2222'], secrets: [KEY, 'import-pass-2222'] },
  { method: 'personal_newAccount', params: ['new-pass-3333'], secrets: ['new-pass-3333'] },
  { method: 'personal_sign', params: ['0xdeadbeef', ADDRESS, 'sign-pass-4444'], secrets: ['sign-pass-4444'] },
  { method: 'personal_sendTransaction', params: [TX, 'send-pass-5555'], secrets: ['send-pass-5555'] },
  { method: 'personal_signTransaction', params: [TX, 'signtx-pass-6666'], secrets: ['signtx-pass-6666'] },
  { method: 'personal_signTypedData', params: [{ types: {} }, ADDRESS, 'typed-pass-7777'], secrets: ['typed-pass-7777'] },
  { method: 'personal_openWallet', params: ['ledger://0', 'wallet-pass-8888'], secrets: ['wallet-pass-8888'] },
  { method: 'eth_signTransaction', params: [{ ...TX, privateKey: 'f'.repeat(8) + 'tx-key-9999' }], secrets: ['f'.repeat(8) + 'tx-key-9999'] },
  { method: 'eth_sendTransaction', params: [{ ...TX, passphrase: 'ethsend-pass-0000' }], secrets: ['ethsend-pass-0000'] },
];

function ethereumSession(): SessionFileV1 {
  const events: TrafficEvent[] = [];
  let seq = 0;
  const add = (e: Omit<TrafficEvent, 'seq' | 't' | 'time' | 'findings'>) => {
    seq++;
    events.push({ seq, t: seq, time: 1_700_000_000_000 + seq, findings: [], ...e });
  };
  CASES.forEach((c, i) => {
    add({ dir: 'out', kind: 'request', raw: JSON.stringify({ jsonrpc: '2.0', id: i + 1, method: c.method, params: c.params }), id: i + 1, idText: String(i + 1), method: c.method });
  });
  // A node that echoes the passphrase in its error: known values go wherever they appear.
  add({ dir: 'in', kind: 'error', raw: `{"jsonrpc":"2.0","id":1,"error":{"code":-32000,"message":"could not decrypt key with given passphrase unlock-pass-1111"}}`, id: 1, idText: '1' });
  // The same methods inside a batch.
  add({ dir: 'out', kind: 'batch', raw: JSON.stringify([{ jsonrpc: '2.0', id: 90, method: 'personal_unlockAccount', params: [ADDRESS, 'batch-pass-aaaa'] }]) });
  return { format: 'rpcscope-session', version: 1, startedAt: new Date(0).toISOString(), target: { kind: 'http', url: 'http://127.0.0.1:8545/' }, events };
}

const ALL_SECRETS = [...CASES.flatMap((c) => c.secrets), 'batch-pass-aaaa'];

describe('Ethereum account passphrases are redacted', () => {
  it('covers every account method listed in the rule table', () => {
    const tested = new Set(CASES.map((c) => c.method));
    expect(Object.keys(ACCOUNT_SECRET_PARAMS).filter((m) => !tested.has(m))).toEqual([]);
  });

  it.each(EXPORT_FORMAT_IDS)('leaves no passphrase or raw key in a %s export', (id) => {
    const { file, report } = redactSessionFile(ethereumSession());
    const built = EXPORT_FORMATS[id].build(file, EXPORT_ASSETS);
    expect(built.ok).toBe(true);
    const body = built.ok ? built.body : '';
    expect(ALL_SECRETS.filter((s) => body.includes(s))).toEqual([]);
    expect(report.counts.find((c) => c.kind === 'account-secret')?.count).toBeGreaterThanOrEqual(10);
  });

  it('replaces each passphrase param by a JSON string and keeps the address, the data and the transaction', () => {
    const { file, report } = redactSessionFile(ethereumSession());
    const unlock = JSON.parse(file.events[0].raw) as { params: unknown[] };
    expect(unlock.params).toEqual([ADDRESS, REDACTED, 300]);
    const sign = JSON.parse(file.events[3].raw) as { params: unknown[] };
    expect(sign.params).toEqual(['0xdeadbeef', ADDRESS, REDACTED]);
    const send = JSON.parse(file.events[4].raw) as { params: unknown[] };
    expect(send.params).toEqual([TX, REDACTED]);
    expect(file.events[CASES.length].raw).toContain(`passphrase ${REDACTED}`);
    // The preview names the method and what was taken, never the value.
    expect(report.hits).toContainEqual(expect.objectContaining({ kind: 'account-secret', label: 'personal_importRawKey private key', seq: 2 }));
    expect(JSON.stringify(report)).not.toContain('unlock-pass-1111');
  });

  it('leaves a personal_sign without a password, and an ordinary method with the same params, untouched', () => {
    const raw = JSON.stringify({ jsonrpc: '2.0', id: 1, method: 'personal_sign', params: ['0xdeadbeef', ADDRESS] });
    const other = JSON.stringify({ jsonrpc: '2.0', id: 2, method: 'eth_call', params: [TX, 'latest'] });
    const file: SessionFileV1 = {
      ...ethereumSession(),
      events: [
        { seq: 1, t: 0, time: 0, dir: 'out', kind: 'request', raw, findings: [] },
        { seq: 2, t: 0, time: 0, dir: 'out', kind: 'request', raw: other, findings: [] },
      ],
    };
    const { file: out } = redactSessionFile(file);
    expect(out.events.map((e) => e.raw)).toEqual([raw, other]);
  });

  it('is a kind the user can turn off like the others', () => {
    const { file } = redactSessionFile(ethereumSession(), { kinds: ['credential-header'] });
    expect(file.events[0].raw).toContain('unlock-pass-1111');
  });
});
