// What the HTTP tap passes on of each message's headers, and where each request goes.
import { describe, expect, it } from 'vitest';
import { endToEnd, httpUpstreamUrl } from '../../../server/tap/proxy-headers';

describe('the HTTP tap passes headers on', () => {
  it('drops hop-by-hop headers and those Connection names, keeps the rest in order and spelling', () => {
    const raw = ['Content-Type', 'application/json', 'Connection', 'keep-alive, X-Hop', 'X-Hop', '1', 'Keep-Alive', 'timeout=5', 'X-Trace', 'a', 'x-trace', 'b'];
    expect(endToEnd(raw)).toEqual(['Content-Type', 'application/json', 'X-Trace', 'a', 'x-trace', 'b']);
  });

  it('sends Host as the target once, where the client had it, even if the client sent two', () => {
    expect(endToEnd(['Accept', '*/*', 'host', '127.0.0.1:9', 'HOST', 'evil', 'X', '1'], { host: 'target:80' })).toEqual(['Accept', '*/*', 'host', 'target:80', 'X', '1']);
    expect(endToEnd(['Accept', '*/*'], { host: 'target:80' })).toEqual(['Accept', '*/*', 'Host', 'target:80']);
    expect(endToEnd(['Host', 'tap'])).toEqual([]);
  });
});

describe('where an HTTP request through the tap goes', () => {
  it("joins the target's path and the request's, and the request's query wins", () => {
    const to = new URL('http://127.0.0.1:8080/rpc/?k=1');
    expect(httpUpstreamUrl(to, '/').href).toBe('http://127.0.0.1:8080/rpc/?k=1');
    expect(httpUpstreamUrl(to, '/mcp?x=2').href).toBe('http://127.0.0.1:8080/rpc/mcp?x=2');
  });

  it('calls a ws: or wss: target over http: or https:, and gives the same request target the same URL', () => {
    expect(httpUpstreamUrl(new URL('ws://127.0.0.1:81/'), '/a').href).toBe('http://127.0.0.1:81/a');
    expect(httpUpstreamUrl(new URL('wss://example.test/'), '/a').href).toBe('https://example.test/a');
    const to = new URL('http://127.0.0.1:82/');
    expect(httpUpstreamUrl(to, '/same')).toBe(httpUpstreamUrl(to, '/same'));
    expect(httpUpstreamUrl(new URL('http://127.0.0.1:83/'), '/same').href).toBe('http://127.0.0.1:83/same');
  });
});
