/**
 * The /api calls of collections, environments, history and export. Like components/stores/api.ts
 * (token header, plain-words errors), plus PUT, raw text bodies, the server's per-entry import
 * errors, and downloads that become a browser "Save as" through a blob.
 */
import { TOKEN_HEADER } from '@/lib/session/bridge';
import { ApiError } from '@/components/stores/api';
import { useSessions } from '@/components/stores/sessions';

export type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';

/** One bad entry of an import: where it is and what is wrong (the server's words). */
export interface EntryProblem {
  entry: string;
  message: string;
}

/** An ApiError that keeps the server's list of bad entries, when it sent one. */
export class ApiProblem extends ApiError {
  constructor(message: string, status: number, readonly entries: EntryProblem[] = []) {
    super(message, status);
    this.name = 'ApiProblem';
  }
}

export function currentToken(): string {
  const t = useSessions.getState().token;
  if (!t) throw new ApiProblem('No access token: open the URL the rpcscope server printed.', 401);
  return t;
}

function entriesOf(payload: unknown): EntryProblem[] {
  const list = payload && typeof payload === 'object' ? (payload as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is EntryProblem => !!e && typeof e === 'object' && typeof (e as EntryProblem).entry === 'string' && typeof (e as EntryProblem).message === 'string')
    .slice(0, 50);
}

async function send(method: Method, path: string, body: { json?: unknown; text?: string } = {}): Promise<Response> {
  const headers: Record<string, string> = { [TOKEN_HEADER]: currentToken() };
  let payload: string | undefined;
  if (body.text !== undefined) {
    headers['content-type'] = 'application/octet-stream';
    payload = body.text;
  } else if (body.json !== undefined) {
    headers['content-type'] = 'application/json';
    payload = JSON.stringify(body.json);
  }
  try {
    return await fetch(path, { method, headers, body: payload, cache: 'no-store', credentials: 'same-origin' });
  } catch {
    throw new ApiProblem('Cannot reach the rpcscope server. Is it still running?', 0);
  }
}

async function failure(res: Response): Promise<ApiProblem> {
  let payload: unknown;
  try {
    payload = JSON.parse(await res.text());
  } catch {
    payload = undefined;
  }
  const words = payload && typeof payload === 'object' && typeof (payload as { error?: unknown }).error === 'string'
    ? (payload as { error: string }).error
    : undefined;
  if (res.status === 401 || res.status === 403) {
    return new ApiProblem(words ?? 'The server refused this page\'s token. Open the URL the server printed again.', res.status);
  }
  if (res.status === 413) return new ApiProblem(words ?? 'The file is too large for the server.', 413);
  return new ApiProblem(words ?? `The server answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`, res.status, entriesOf(payload));
}

/** A JSON call; resolves with the answer or rejects with an ApiProblem in plain words. */
export async function api<T>(method: Method, path: string, json?: unknown): Promise<T> {
  const res = await send(method, path, { json });
  if (!res.ok) throw await failure(res);
  const text = await res.text();
  try {
    return (text ? JSON.parse(text) : undefined) as T;
  } catch {
    throw new ApiProblem('The server answered something that is not JSON.', res.status);
  }
}

/** A call whose body is a file's text as it is (session import). */
export async function apiText<T>(path: string, text: string): Promise<T> {
  const res = await send('POST', path, { text });
  if (!res.ok) throw await failure(res);
  return (await res.json()) as T;
}

export interface Downloaded {
  fileName: string;
  bytes: number;
  /** Response headers the dialogs report (`x-rpcscope-redacted`, `x-rpcscope-secrets-replaced`). */
  headers: Headers;
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return m ? m[1] : fallback;
}

/** Offers a blob as a download under `fileName` (an object URL clicked through a detached link). */
export function saveBlob(blob: Blob, fileName: string): void {
  const url = URL.createObjectURL(blob);
  const a = document.createElement('a');
  a.href = url;
  a.download = fileName;
  a.rel = 'noopener';
  a.style.display = 'none';
  document.body.appendChild(a);
  a.click();
  a.remove();
  // The browser has taken the blob by the next tick; keep the URL a little longer for slow disks.
  setTimeout(() => URL.revokeObjectURL(url), 10_000);
}

/** Fetches a download route (GET, or POST with a JSON body) and hands the file to the browser. */
export async function download(method: 'GET' | 'POST', path: string, json: unknown, fallbackName: string): Promise<Downloaded> {
  const res = await send(method, path, method === 'POST' ? { json } : {});
  if (!res.ok) throw await failure(res);
  const blob = await res.blob();
  const fileName = fileNameOf(res.headers.get('content-disposition'), fallbackName);
  saveBlob(blob, fileName);
  return { fileName, bytes: blob.size, headers: res.headers };
}

export const enc = encodeURIComponent;

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
