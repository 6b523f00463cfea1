/**
 * Fetching a document by URL never reaches into this machine or its network unasked: real local
 * servers that serve and redirect, `localhost` resolved by DNS, private and link-local literals in
 * every spelling, the opt-in, and every redirect hop checked again.
 */
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { fetchDocumentText, MAX_REDIRECTS } from '@/server/routes/openrpc-fetch';
import { classifyAddress } from '@/server/routes/address-policy';
import { HttpError } from '@/server/api';

const DOC = JSON.stringify({ openrpc: '1.2.6', info: { title: 'Guarded', version: '1' }, methods: [] });
let server: http.Server;
let base: string;
const hits: string[] = [];

beforeAll(async () => {
  server = http.createServer((req, res) => {
    hits.push(req.url ?? '');
    const url = new URL(req.url ?? '/', 'http://x');
    if (url.pathname === '/doc.json') return res.writeHead(200, { 'content-type': 'application/json' }).end(DOC);
    if (url.pathname === '/hop') {
      const left = Number(url.searchParams.get('left') ?? 0);
      return res.writeHead(302, { location: left > 0 ? `/hop?left=${left - 1}` : '/doc.json' }).end();
    }
    if (url.pathname === '/to') return res.writeHead(307, { location: url.searchParams.get('where') ?? '/' }).end();
    res.writeHead(404).end();
  });
  await new Promise<void>((r) => server.listen(0, '127.0.0.1', () => r()));
  base = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
});

afterAll(async () => {
  server.closeAllConnections();
  await new Promise((r) => server.close(r));
});

async function refusal(url: string, allowPrivate = false): Promise<HttpError> {
  const err = await fetchDocumentText(url, { allowPrivate, timeoutMs: 3000 }).then(
    () => null,
    (e: unknown) => e,
  );
  expect(err, `${url} is refused`).toBeInstanceOf(HttpError);
  return err as HttpError;
}

describe('loopback and private addresses need the opt-in', () => {
  it('refuses this machine by address and by a name that resolves to it, and loads it when the user opts in', async () => {
    const before = hits.length;
    const byAddress = await refusal(`${base}/doc.json`);
    expect([byAddress.status, byAddress.message]).toEqual([403, expect.stringMatching(/^refusing to fetch from 127\.0\.0\.1: a loopback or private-network address\. Tick "Allow local and private addresses"/)]);
    const byName = await refusal(`${base.replace('127.0.0.1', 'localhost')}/doc.json`);
    expect(byName.status).toBe(403);
    expect(byName.message).toMatch(/^refusing to fetch from localhost \((127\.0\.0\.1|::1)\)/);
    // Refused before a single byte reached the server.
    expect(hits.length).toBe(before);
    expect(await fetchDocumentText(`${base}/doc.json`, { allowPrivate: true })).toBe(DOC);
  });

  it.each([
    'http://10.0.0.1/doc.json',
    'http://172.16.5.4/doc.json',
    'http://192.168.1.10/doc.json',
    'http://100.64.0.1/doc.json',
    'http://[fc00::1]/doc.json',
    'http://[fd12:3456::1]/doc.json',
    'http://[::ffff:10.0.0.1]/doc.json',
    'http://[::ffff:7f00:1]/doc.json',
    'http://[::1]/doc.json',
  ])('refuses the private address in %s without the opt-in', async (url) => {
    const err = await refusal(url);
    expect([err.status, err.message]).toEqual([403, expect.stringMatching(/a loopback or private-network address/)]);
  });
});

describe('link-local and unspecified addresses are never reached', () => {
  it.each([
    'http://169.254.169.254/latest/meta-data/',
    'http://[fe80::1]/doc.json',
    'http://[::ffff:169.254.169.254]/',
    'http://0.0.0.0/doc.json',
    'http://[::]/doc.json',
  ])('refuses %s even with the opt-in', async (url) => {
    const err = await refusal(url, true);
    expect([err.status, err.message]).toEqual([403, expect.stringMatching(/link-local, unspecified or multicast address serves no documents$/)]);
  });

  it('classifies the ranges the way the fetch does', () => {
    expect(['8.8.8.8', '2606:4700::1111', '172.32.0.1', '192.169.0.1'].map(classifyAddress)).toEqual(['public', 'public', 'public', 'public']);
    expect(['172.31.255.255', '10.255.0.1', '::ffff:192.168.0.1', 'fdff::1'].map(classifyAddress)).toEqual(['private', 'private', 'private', 'private']);
    expect(['169.254.0.1', 'fe80::abcd', '0.0.0.0', '224.0.0.1', 'not an address'].map(classifyAddress)).toEqual(['never', 'never', 'never', 'never', 'never']);
  });
});

describe('every redirect hop is checked again', () => {
  it('follows a chain of redirects to the document when every hop is allowed', async () => {
    expect(await fetchDocumentText(`${base}/hop?left=3`, { allowPrivate: true })).toBe(DOC);
  });

  it('refuses a redirect to a link-local address (cloud metadata) at that hop', async () => {
    const err = await refusal(`${base}/to?where=${encodeURIComponent('http://169.254.169.254/latest/meta-data/')}`, true);
    expect([err.status, err.message]).toEqual([403, expect.stringMatching(/^refusing to fetch from 169\.254\.169\.254: a link-local/)]);
  });

  it('without the opt-in a redirecting local server is not even asked', async () => {
    // The opt-in is per fetch: without it the very first hop is refused, so no redirect is ever read.
    const before = hits.length;
    const err = await refusal(`${base}/to?where=${encodeURIComponent(`${base.replace('127.0.0.1', 'localhost')}/doc.json`)}`);
    expect(err.status).toBe(403);
    expect(hits.length).toBe(before);
  });

  it('refuses a redirect to file: and other schemes', async () => {
    for (const where of ['file:///etc/passwd', 'ftp://127.0.0.1/doc.json', 'data:application/json,{}']) {
      const err = await refusal(`${base}/to?where=${encodeURIComponent(where)}`, true);
      expect([err.status, err.message]).toEqual([400, expect.stringMatching(/^only http and https URLs can be loaded \(not (file|ftp|data)\)$/)]);
    }
  });

  it(`stops after ${MAX_REDIRECTS} redirects`, async () => {
    const err = await refusal(`${base}/hop?left=${MAX_REDIRECTS + 2}`, true);
    expect([err.status, err.message]).toEqual([502, `${base}/hop?left=${MAX_REDIRECTS + 2} redirected more than ${MAX_REDIRECTS} times`]);
  });
});
