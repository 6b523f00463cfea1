import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { API } from '@/lib/api/routes';
import { ApiError, apiClient, urlOf } from '@/components/api/client';
import { startTestServer, TOKEN, type TestServer } from '../helpers/test-server';

let t: TestServer;
beforeAll(async () => {
  t = await startTestServer();
});
afterAll(() => t?.stop());

const client = (token: string | null = TOKEN) => apiClient(() => token, `http://127.0.0.1:${t.server.port}`);

describe('the page calls the API through the route table', () => {
  it('fills path parameters from the route entry, each URL-encoded, and appends the query', () => {
    expect(urlOf(API.updateItem, { id: 'c 1', itemId: 'a/b?' })).toBe('/api/collections/c%201/items/a%2Fb%3F');
    expect(urlOf(API.listHistory, {}, { search: 'a&b', limit: '5' })).toBe('/api/history?search=a%26b&limit=5');
    expect(() => urlOf(API.getSession, {})).toThrow('/api/sessions/:id: no value for :id');
  });

  it('reads answers of the declared shape from the real server with the token header', async () => {
    const api = client();
    expect(await api.call(API.listSessions)).toEqual({ sessions: [] });
    const history = await api.call(API.listHistory, { query: { limit: '10', offset: '0' } });
    expect(history).toMatchObject({ sessions: [], hasMore: false });
    const { environments } = await api.call(API.listEnvironments);
    expect(environments).toEqual([]);
  });

  it("says in the server's words what is missing, with the HTTP status", async () => {
    const err = await client().call(API.getSession, { params: { id: 'nope' } }).catch((e: unknown) => e);
    expect(err).toBeInstanceOf(ApiError);
    expect(err).toMatchObject({ status: 404, message: 'no session nope' });
  });

  it('a refused token becomes a plain-words error, and a call with no token or cookie is told to sign in', async () => {
    const refused = await client('wrong-token-0123456789abcdef0123456789').call(API.listSessions).catch((e: unknown) => e);
    expect(refused).toBeInstanceOf(ApiError);
    expect((refused as ApiError).status).toBe(401);
    const none = await client(null).call(API.listSessions).catch((e: unknown) => e);
    expect(none).toMatchObject({ status: 401, message: expect.stringMatching(/^not signed in .*sign-in URL rpcscope printed in its terminal$/) as unknown });
  });

  it('a state change from outside the page is refused by the gate (the browser adds Origin, this client cannot)', async () => {
    const err = await client().call(API.createEnvironment, { body: { name: 'x' } }).catch((e: unknown) => e);
    expect(err).toMatchObject({ status: 403 });
    expect((err as Error).message).toMatch(/Origin/);
  });
});
