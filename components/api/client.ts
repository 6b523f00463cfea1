/**
 * The page's one client for /api, derived from the route table (lib/api/routes.ts): a call names
 * a route entry, so its path parameters, body and answer are typed from it and a path cannot be
 * misspelled. The page's calls carry its sign-in cookie, a script's the token header (the gate is server/security.ts); failures
 * become an ApiError in plain words, with the server's per-entry problems when it sent them.
 */
import type { FileDownload, ParamsOf, PathOf, RequestOf, ResponseOf, RouteSpec } from '@/lib/api/routes';
import { TOKEN_HEADER } from '@/lib/session/bridge';

/** One bad entry of an import: where it is and what is wrong (the server's words). */
export interface EntryProblem {
  entry: string;
  message: string;
}

export class ApiError extends Error {
  constructor(message: string, readonly status: number, readonly entries: EntryProblem[] = []) {
    super(message);
    this.name = 'ApiError';
  }
}

type ParamArg<R> = keyof ParamsOf<PathOf<R>> extends never ? { params?: undefined } : { params: ParamsOf<PathOf<R>> };
type BodyArg<R> = RequestOf<R> extends undefined ? { body?: undefined } : { body: RequestOf<R> };
export type CallArgs<R> = ParamArg<R> & BodyArg<R> & { query?: Record<string, string> };
/** The arguments may be left out when the route has neither path parameters nor a body. */
type ArgList<R> = Record<string, never> extends ParamArg<R> & BodyArg<R> ? [args?: CallArgs<R>] : [args: CallArgs<R>];

export interface Downloaded {
  fileName: string;
  bytes: number;
  /** Response headers the dialogs report (`x-rpcscope-redacted`, `x-rpcscope-secrets-replaced`). */
  headers: Headers;
}

export interface ApiClient {
  /** A JSON answer; rejects with an ApiError in plain words. */
  call<R extends RouteSpec>(route: R, ...args: ArgList<R>): Promise<ResponseOf<R>>;
  /** A route that answers a file: fetched, then handed to the browser as a "Save as". */
  download<R extends RouteSpec<string, unknown, FileDownload>>(route: R, args: CallArgs<R>, fallbackName: string): Promise<Downloaded>;
}

/** The route's path with its `:params` filled in (each URL-encoded) and the query appended. */
export function urlOf(route: RouteSpec, params: Record<string, string> = {}, query?: Record<string, string>): string {
  const path = route.path.replace(/:(\w+)/g, (_m, k: string) => {
    const v = params[k];
    if (v === undefined) throw new Error(`${route.path}: no value for :${k}`);
    return encodeURIComponent(v);
  });
  const q = query ? new URLSearchParams(query).toString() : '';
  return q ? `${path}?${q}` : path;
}

function entriesOf(payload: unknown): EntryProblem[] {
  const list = payload && typeof payload === 'object' ? (payload as { errors?: unknown }).errors : undefined;
  if (!Array.isArray(list)) return [];
  return list
    .filter((e): e is EntryProblem => !!e && typeof e === 'object' && typeof (e as EntryProblem).entry === 'string' && typeof (e as EntryProblem).message === 'string')
    .slice(0, 50);
}

async function failure(res: Response): Promise<ApiError> {
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
    return new ApiError(words ?? 'The server refused this page. Open the sign-in link rpcscope printed in its terminal.', res.status);
  }
  if (res.status === 413) return new ApiError(words ?? 'The file is too large for the server.', 413);
  return new ApiError(words ?? `The server answered HTTP ${res.status}${res.statusText ? ` ${res.statusText}` : ''}.`, res.status, entriesOf(payload));
}

function fileNameOf(disposition: string | null, fallback: string): string {
  const m = disposition ? /filename="([^"]+)"/.exec(disposition) : null;
  return m ? m[1] : fallback;
}

/**
 * The page's client passes no token: its same-origin calls carry the httpOnly sign-in cookie
 * (server/sign-in.ts). Callers outside the page (tests, scripts) give `getToken` and `origin`.
 */
export function apiClient(getToken: () => string | null = () => null, origin = ''): ApiClient {
  const request = async (route: RouteSpec, args: { params?: Record<string, string>; body?: unknown; query?: Record<string, string> } = {}) => {
    const token = getToken();
    const headers: Record<string, string> = token ? { [TOKEN_HEADER]: token } : {};
    let payload: string | undefined;
    if (route.body === 'text' && typeof args.body === 'string') {
      headers['content-type'] = 'application/octet-stream';
      payload = args.body;
    } else if (route.body === 'json' && args.body !== undefined) {
      headers['content-type'] = 'application/json';
      payload = JSON.stringify(args.body);
    }
    let res: Response;
    try {
      res = await fetch(origin + urlOf(route, args.params, args.query), { method: route.method, headers, body: payload, cache: 'no-store', credentials: 'same-origin' });
    } catch {
      throw new ApiError('Cannot reach the rpcscope server. Is it still running?', 0);
    }
    if (!res.ok) throw await failure(res);
    return res;
  };

  return {
    async call(route, ...[args]) {
      const res = await request(route, args);
      const text = await res.text();
      try {
        return (text ? JSON.parse(text) : undefined) as ResponseOf<typeof route>;
      } catch {
        throw new ApiError('The server answered something that is not JSON.', res.status);
      }
    },
    async download(route, args, fallbackName) {
      const res = await request(route, args);
      const blob = await res.blob();
      const fileName = fileNameOf(res.headers.get('content-disposition'), fallbackName);
      saveBlob(blob, fileName);
      return { fileName, bytes: blob.size, headers: res.headers };
    },
  };
}

/** Offers a blob as a download under `fileName` (an object URL clicked through a detached link). */
function saveBlob(blob: Blob, fileName: string): void {
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

export function messageOf(err: unknown): string {
  return err instanceof Error ? err.message : String(err);
}
