import http from 'node:http';
import { generate } from 'otplib';
import { DEMO_OPERATOR_TOTP_SECRET } from '../../src/db/seed/demo-people.ts';

/** A browser-like HTTP client for API tests: keeps its cookies and sends the CSRF token on changes. */
export interface TestResponse<T = any> {
  status: number;
  body: T;
  headers: Headers;
}

export class TestClient {
  readonly cookies = new Map<string, string>();
  /** Headers sent on every request, e.g. the Accept-Language the web app sends. */
  readonly headers: Record<string, string> = {};
  constructor(
    readonly baseUrl: string,
    readonly host?: string,
  ) {}

  private cookieHeader() {
    return [...this.cookies].map(([k, v]) => `${k}=${v}`).join('; ');
  }

  private keepCookies(headers: Headers) {
    for (const line of headers.getSetCookie()) {
      const [pair, ...attrs] = line.split(';');
      const eq = pair.indexOf('=');
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attrs.some((a) => /expires=Thu, 01 Jan 1970/i.test(a) || /max-age=0\b/i.test(a.trim()));
      if (expired || value === '') this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
  }

  async request<T = any>(
    method: string,
    path: string,
    opts: { query?: Record<string, unknown>; body?: unknown; headers?: Record<string, string>; raw?: string; csrf?: boolean } = {},
  ): Promise<TestResponse<T>> {
    const url = new URL(path, this.baseUrl);
    for (const [k, v] of Object.entries(opts.query ?? {})) if (v !== undefined && v !== null) url.searchParams.set(k, String(v));
    const headers: Record<string, string> = { ...this.headers, ...opts.headers };
    if (this.host) headers.host = this.host;
    const changing = method !== 'GET' || path.includes('remove-plan-from-cart');
    if (changing && opts.csrf !== false) {
      if (!this.cookies.has('csrf')) await this.request('GET', '/api/v1/site');
      headers['x-csrf-token'] = this.cookies.get('csrf')!;
    }
    const cookie = this.cookieHeader();
    if (cookie) headers.cookie = cookie;
    let body: string | undefined;
    if (opts.raw !== undefined) {
      body = opts.raw;
      headers['content-type'] ??= 'application/json';
    } else if (opts.body !== undefined) {
      body = JSON.stringify(opts.body);
      headers['content-type'] = 'application/json';
    }
    // node:http (fetch may not set Host): the Host header chooses the white-label site.
    const res = await new Promise<{ status: number; headers: Headers; text: string }>((resolve, reject) => {
      const req = http.request(
        url,
        { method, headers: { ...headers, ...(body !== undefined ? { 'content-length': String(Buffer.byteLength(body)) } : {}) } },
        (r) => {
          const chunks: Buffer[] = [];
          r.on('data', (c: Buffer) => chunks.push(c));
          r.on('end', () => {
            const h = new Headers();
            for (const [k, v] of Object.entries(r.headers)) {
              if (Array.isArray(v)) v.forEach((x) => h.append(k, x));
              else if (v !== undefined) h.set(k, v);
            }
            resolve({ status: r.statusCode ?? 0, headers: h, text: Buffer.concat(chunks).toString('utf8') });
          });
          r.on('error', reject);
        },
      );
      req.on('error', reject);
      if (body !== undefined) req.write(body);
      req.end();
    });
    this.keepCookies(res.headers);
    const text = res.text;
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      /* not JSON */
    }
    return { status: res.status, body: parsed as T, headers: res.headers };
  }

  get<T = any>(path: string, query?: Record<string, unknown>) {
    return this.request<T>('GET', path, { query });
  }
  post<T = any>(path: string, body?: unknown) {
    return this.request<T>('POST', path, { body: body ?? {} });
  }
  put<T = any>(path: string, body?: unknown) {
    return this.request<T>('PUT', path, { body: body ?? {} });
  }
  /** Signs in; the demo operator goes on to give a code of its published authenticator secret. */
  async signIn(email: string, password: string) {
    const r = await this.post('/api/auth/sign-in', { email, password });
    if (r.status !== 200) throw new Error(`sign-in failed: ${r.status} ${JSON.stringify(r.body)}`);
    if (r.body.data?.second_factor === 'code') return this.secondFactor('/api/auth/second-factor');
    return r;
  }

  /**
   * Gives a code of the demo operator's authenticator: the current 30 s step's, else the next one's (the store takes
   * each step once, and one step either side), else waits for the next step.
   */
  async secondFactor(path: '/api/auth/second-factor' | '/api/auth/second-factor/check', secret: string = DEMO_OPERATOR_TOTP_SECRET) {
    let last: TestResponse | undefined;
    for (let round = 0; round < 3; round++) {
      for (const ahead of [0, 30]) {
        last = await this.post(path, { code: await generate({ secret, epoch: Math.floor(Date.now() / 1000) + ahead }) });
        if (last.status === 200) return last;
      }
      await new Promise((resolve) => setTimeout(resolve, 30_000 - (Date.now() % 30_000) + 200));
    }
    throw new Error(`second factor failed: ${last?.status} ${JSON.stringify(last?.body)}`);
  }
}

export const DEMO = {
  rep: { email: 'jordan.avery@example.com', password: 'Demo-Rep-2026' },
  group: { email: 'hr@acme.example.com', password: 'Demo-Group-2026' },
  member: { email: 'riley.chen@example.com', password: 'Demo-Member-2026' },
  operator: { email: 'admin@example.com', password: 'Demo-Admin-2026' },
} as const;
