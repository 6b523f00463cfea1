/** Session files seeded with secrets in every place one can hide, shared by the redaction tests. */
import type { SessionFileV1, TrafficEvent } from '@/lib/session/types';

export const SECRETS = {
  jwt: 'eyJhbGciOiJIUzI1NiJ9.eyJzdWIiOiJ1c2VyLTQyIiwiZXhwIjo5OTk5OTk5OTk5fQ.c2lnbmF0dXJlLWJ5dGVzLWhlcmU',
  apiKey: 'Zx81kQp0LmN2vB7rT4yW',
  queryToken: 'q7Hk2PzL9mXvR3',
  cookie: 'sess-9f8e7d6c5b4a',
  mcpSession: '2f1c7a9e-55d0-4bb8-9c1f-0c77e2b4d8aa',
  variable: 'hunter2-correct-horse',
  openai: 'sk-proj-AbCdEf0123456789GhIjKl',
  env: 'env-secret-value-77',
  arg: 'argSecret-123456',
  pathString: 'p@ssw0rd-in-params',
  pathNumber: 918273645,
  binary: 'binsecret-4242',
  hexKey: '4f3c2a1b9e8d7c6b5a4f3e2d1c0b9a8f',
} as const;

let seq = 0;
const base = Date.parse('2026-01-02T03:04:05.000Z');
function ev(partial: Partial<TrafficEvent> & Pick<TrafficEvent, 'dir' | 'kind' | 'raw'>): TrafficEvent {
  seq++;
  return { seq, t: seq * 10, time: base + seq * 10, findings: [], ...partial };
}

export function httpSession(): SessionFileV1 {
  seq = 0;
  const reqBody = `{"jsonrpc":"2.0","id":1,"method":"login","params":{"user":"ann","password":"${SECRETS.pathString}","pin":${SECRETS.pathNumber},"note":"uses ${SECRETS.variable}","key":"${SECRETS.openai}"}}`;
  const respBody = `{"jsonrpc":"2.0","id":1,"result":{"token":"${SECRETS.jwt}","block":"0x88e96d4537bea4d9c05d12549907b32561d3bf31f45aae734cdc119f13406cb6","count":42}}`;
  const errBody = `{"jsonrpc":"2.0","id":2,"error":{"code":-32000,"message":"denied","data":{"password":"${SECRETS.pathString}","hint":"retry"}}}`;
  return {
    format: 'rpcscope-session',
    version: 1,
    name: `http://127.0.0.1:8545/rpc?token=${SECRETS.queryToken}`,
    startedAt: new Date(base).toISOString(),
    target: {
      kind: 'http',
      url: `http://127.0.0.1:8545/rpc?token=${SECRETS.queryToken}&chain=1`,
      headers: { Authorization: `Bearer ${SECRETS.jwt}`, 'X-Api-Key': SECRETS.apiKey, Accept: 'application/json' },
    },
    events: [
      ev({ dir: 'meta', kind: 'connection', raw: '', note: `ready to POST to http://127.0.0.1:8545/rpc?token=${SECRETS.queryToken}` }),
      ev({ dir: 'out', kind: 'request', raw: reqBody, id: 1, idText: '1', method: 'login', http: { method: 'POST', url: `http://127.0.0.1:8545/rpc?token=${SECRETS.queryToken}` } }),
      ev({
        dir: 'in',
        kind: 'response',
        raw: respBody,
        id: 1,
        idText: '1',
        pair: 2,
        latencyMs: 12.5,
        http: {
          status: 200,
          statusText: 'OK',
          headers: {
            'content-type': 'application/json',
            'content-length': String(new TextEncoder().encode(respBody).length),
            'set-cookie': `session=${SECRETS.cookie}; Path=/; HttpOnly`,
            'mcp-session-id': SECRETS.mcpSession,
          },
        },
      }),
      ev({ dir: 'meta', kind: 'connection', raw: '', note: `server assigned Mcp-Session-Id ${SECRETS.mcpSession}; later requests carry it` }),
      ev({
        dir: 'in',
        kind: 'error',
        raw: errBody,
        id: 2,
        idText: '2',
        error: { code: -32000, name: 'Server error', message: 'denied', meaning: 'implementation-defined', source: 'jsonrpc', data: { password: SECRETS.pathString, hint: 'retry' } },
        http: { status: 200, headers: { 'content-type': 'application/json' } },
      }),
    ],
  };
}

export function stdioSession(): SessionFileV1 {
  seq = 0;
  const body = `{"jsonrpc":"2.0","id":7,"method":"initialize","params":{"apiKey":"${SECRETS.apiKey}","hex":"${SECRETS.hexKey}"}}`;
  const len = new TextEncoder().encode(body).length;
  const wrongBody = `{"jsonrpc":"2.0","method":"log","params":{"k":"${SECRETS.openai}"}}`;
  const wrongLen = new TextEncoder().encode(wrongBody).length + 5;
  const bytes = [...new TextEncoder().encode(`{"x":"${SECRETS.binary}","bad":"`), 0xff, 0xfe, ...new TextEncoder().encode('"}\n')];
  const b64 = btoa(String.fromCharCode(...bytes));
  return {
    format: 'rpcscope-session',
    version: 1,
    startedAt: new Date(base).toISOString(),
    target: {
      kind: 'stdio',
      command: 'node',
      args: ['server.js', `--api-key=${SECRETS.arg}`, '--token', SECRETS.arg + 'X', '--port', '3000'],
      env: { API_TOKEN: SECRETS.env, LOG_LEVEL: 'debug' },
      framing: 'content-length',
    },
    events: [
      ev({ dir: 'out', kind: 'request', raw: `Content-Length: ${len}\r\n\r\n${body}`, id: 7, idText: '7', method: 'initialize' }),
      ev({ dir: 'in', kind: 'notification', raw: `Content-Length: ${wrongLen}\r\n\r\n${wrongBody}`, method: 'log' }),
      ev({ dir: 'in', kind: 'stderr', raw: `warning: token ${SECRETS.env} is about to expire\n` }),
      ev({ dir: 'in', kind: 'noise', raw: `{"x":"${SECRETS.binary}","bad":"\ufffd\ufffd"}\n`, rawBase64: b64, reason: 'not-json' }),
      ev({ dir: 'meta', kind: 'exit', raw: '', note: 'exited with code 0', process: { exitCode: 0 } }),
    ],
  };
}
