import type { TFieldError } from '@store/domain/envelope';
import { fillPath, type Endpoint, type EndpointData, type EndpointInput } from '@store/domain/contract/endpoint';
import i18n from './i18n';
import { firstPaint } from './after-paint';

/**
 * The one API client: same origin, session cookie, CSRF token on every change, the language on screen in
 * Accept-Language, the envelope of the specification unwrapped. Errors are ApiError with the field errors of a 422.
 */
export class ApiError extends Error {
  constructor(
    readonly status: number,
    message: string,
    readonly fieldErrors: TFieldError[] = [],
    readonly body?: unknown,
  ) {
    super(message);
  }
}

export interface Envelope<T> {
  status: 'success' | 'error';
  statusCode?: number;
  data: T;
  message?: string;
}

type Query = Record<string, string | number | boolean | null | undefined | string[]>;

function csrfToken(): string {
  const m = /(?:^|;\s*)csrf=([^;]+)/.exec(document.cookie);
  return m ? decodeURIComponent(m[1]) : '';
}

let csrfReady: Promise<void> | null = null;
async function ensureCsrf() {
  if (csrfToken()) return;
  csrfReady ??= fetch('/api/v1/site', { credentials: 'same-origin' }).then(() => undefined);
  await csrfReady;
  csrfReady = null;
}

export function buildUrl(path: string, query?: Query) {
  const url = new URL(path, window.location.origin);
  for (const [k, v] of Object.entries(query ?? {})) {
    if (v === undefined || v === null || v === '') continue;
    url.searchParams.set(k, Array.isArray(v) ? v.join(',') : String(v));
  }
  return url.pathname + url.search;
}

async function request<T>(
  method: string,
  path: string,
  opts: { query?: Query; body?: unknown; changing?: boolean } = {},
): Promise<Envelope<T> & { httpStatus: number }> {
  await firstPaint;
  // The language on screen: the server writes the mail (and the receipt PDF) this page leads to in it.
  const headers: Record<string, string> = { accept: 'application/json', 'accept-language': i18n.language === 'es' ? 'es' : 'en' };
  const changing = opts.changing ?? method !== 'GET';
  if (changing) {
    await ensureCsrf();
    headers['x-csrf-token'] = csrfToken();
  }
  let body: string | Blob | undefined;
  if (opts.body instanceof Blob) {
    headers['content-type'] = opts.body.type || 'application/octet-stream';
    body = opts.body;
  } else if (opts.body !== undefined) {
    headers['content-type'] = 'application/json';
    body = JSON.stringify(opts.body);
  }
  let res: Response;
  try {
    res = await fetch(buildUrl(path, opts.query), { method, headers, body, credentials: 'same-origin' });
  } catch {
    throw new ApiError(0, i18n.t('The store cannot be reached. Please check your connection and try again.'));
  }
  if (res.status === 204) return { status: 'error', statusCode: 204, data: null as T, httpStatus: 204 };
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- any answer's body, read with care below
  let json: any = null;
  try {
    json = await res.json();
  } catch {
    /* not JSON */
  }
  if (!res.ok || json?.status === 'error') {
    const fieldErrors: TFieldError[] = Array.isArray(json?.data)
      ? json.data.filter((e: TFieldError | null) => e && typeof e.target_element === 'string')
      : [];
    // The message in the language on screen, wherever it is shown; field errors stay the server's English
    // (keys that the form fields translate, and that code may compare).
    const message: string = json?.message ?? fieldErrors[0]?.error_message ?? `Request failed (${res.status})`;
    throw new ApiError(res.status, i18n.t(message), fieldErrors, json);
  }
  return { ...(json as Envelope<T>), httpStatus: res.status };
}

export const api = {
  /** GET; resolves to the whole envelope (data, message, statusCode; statusCode 204 when not found). */
  get: <T>(path: string, query?: Query) => request<T>('GET', path, { query }),
  post: <T>(path: string, body?: unknown, query?: Query) => request<T>('POST', path, { body: body ?? {}, query }),
  put: <T>(path: string, body?: unknown) => request<T>('PUT', path, { body: body ?? {} }),
  /** A GET that changes data (remove-plan-from-cart) carries the CSRF token too. */
  getChanging: <T>(path: string, query?: Query) => request<T>('GET', path, { query, changing: true }),
};

/**
 * Calls a contract endpoint (packages/domain/src/contract): its method and path come from the contract, the input
 * and the answer's `data` are typed by its schemas. Features wrap it in `features/<feature>/api/<endpoint>.ts`;
 * no component holds an API path.
 */
/** An endpoint whose body is a file's bytes (verify-document: the PDF), sent as they are with the file's type. */
export function callWithFile<E extends Endpoint>(e: E, file: Blob) {
  return request<EndpointData<E>>(e.method, e.path, { body: file });
}

export async function call<E extends Endpoint>(e: E, input: EndpointInput<E> = {} as EndpointInput<E>) {
  const { params, query, body } = input as { params?: Record<string, string | number>; query?: Query; body?: unknown };
  const path = fillPath(e.path, params);
  const changing = e.changing ?? e.method !== 'GET';
  const r = await request<EndpointData<E>>(e.method, path, { query, body: e.method === 'GET' ? undefined : (body ?? {}), changing });
  if (changing) for (const listener of changeListeners) listener(e);
  return r;
}

const changeListeners: ((e: Endpoint) => void)[] = [];
/**
 * Runs `listener` after every successful call of a changing endpoint (not GET, or marked `changing`), with the
 * endpoint: what the change makes stale is said once (lib/session.ts: a change of the cart asks for the session again).
 */
export function afterChange(listener: (e: Endpoint) => void): void {
  changeListeners.push(listener);
}
