/** Calls to the server's /api routes with the token; failures become plain-words errors. */
import { TOKEN_HEADER } from '@/lib/session/bridge';

export class ApiError extends Error {
  constructor(message: string, readonly status: number) {
    super(message);
    this.name = 'ApiError';
  }
}

export async function apiCall<T>(token: string, method: 'GET' | 'POST' | 'DELETE', path: string, body?: unknown): Promise<T> {
  let res: Response;
  try {
    res = await fetch(path, {
      method,
      headers: { [TOKEN_HEADER]: token, ...(body !== undefined ? { 'content-type': 'application/json' } : {}) },
      body: body !== undefined ? JSON.stringify(body) : undefined,
      cache: 'no-store',
      credentials: 'same-origin',
    });
  } catch {
    throw new ApiError('Cannot reach the rpcscope server. Is it still running?', 0);
  }
  let payload: unknown;
  const text = await res.text();
  try {
    payload = text ? JSON.parse(text) : undefined;
  } catch {
    payload = undefined;
  }
  if (!res.ok) {
    const serverWords = payload && typeof payload === 'object' && typeof (payload as { error?: unknown }).error === 'string'
      ? (payload as { error: string }).error
      : undefined;
    if (res.status === 401 || res.status === 403) {
      throw new ApiError(serverWords ?? 'The server refused this page\'s token. Open the URL the server printed again.', res.status);
    }
    throw new ApiError(serverWords ?? `The server answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`, res.status);
  }
  return payload as T;
}
