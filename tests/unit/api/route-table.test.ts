import { describe, expect, it } from 'vitest';
import { API } from '@/lib/api/routes';
import { ApiRouter } from '@/server/api';
import { apiClient } from '@/components/api/client';

describe('the route table', () => {
  it('names each method and path once, under /api, with bodies only where the method carries one', () => {
    const specs = Object.values(API);
    const keys = specs.map((r) => `${r.method} ${r.path}`);
    expect(new Set(keys).size).toBe(keys.length);
    for (const r of specs) {
      expect(r.path).toMatch(/^\/api\/[a-zA-Z/:-]*[a-zA-Z]$/);
      expect(r.body === 'none').toBe(r.method === 'GET' || r.method === 'DELETE');
    }
  });

  it('a router serving part of the table lists the rest as unserved', () => {
    const router = new ApiRouter().on(API.listSessions, () => ({ sessions: [] }));
    const unserved = router.unserved();
    expect(unserved).not.toContain('listSessions');
    expect(unserved).toContain('openSession');
    expect(unserved.length).toBe(Object.keys(API).length - 1);
  });

  it('the compiler holds both sides to the table (these lines only type-check as errors)', () => {
    const router = new ApiRouter();
    // @ts-expect-error — a handler must return the declared answer
    router.on(API.getSession, () => ({ sessions: [] }));
    // @ts-expect-error — a path parameter the route does not have
    router.on(API.getSession, ({ params }) => ({ session: params.sessionId }));
    const api = apiClient(() => null);
    const calls = [
      // @ts-expect-error — the route has a path parameter, so it must be given
      () => api.call(API.getSession),
      // @ts-expect-error — the body has the route's shape
      () => api.call(API.send, { params: { id: 'x' }, body: { message: '{}' } }),
    ];
    expect(calls).toHaveLength(2);
  });
});
