/** A shopper's browser for the benchmarks: the store's session and CSRF cookies, and quotes it owns. */

export interface Browser {
  cookie: string;
  token: string;
}

/** A browser's cookies (session and CSRF) and the CSRF token, as the store hands them out. */
export async function csrf(base: string): Promise<Browser> {
  const r = await fetch(`${base}/api/v1/site`);
  const cookies = r.headers.getSetCookie().map((c) => c.split(';')[0]);
  const token = /csrf=([^;]+)/.exec(cookies.join(';'))?.[1] ?? '';
  return { cookie: cookies.join('; '), token };
}

export const QUOTE = { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' };

/** Creates a quote (add-filter-for-new-user) owned by this browser; keeps the session cookie the answer may set. */
export async function newQuote(base: string, b: Browser, filter: Record<string, string> = QUOTE): Promise<string> {
  const created = await fetch(`${base}/api/v1/add-filter-for-new-user`, {
    method: 'POST',
    headers: { 'content-type': 'application/json', cookie: b.cookie, 'x-csrf-token': b.token },
    body: JSON.stringify(filter),
  });
  if (created.status !== 200) throw new Error(`add-filter-for-new-user answered ${created.status}: ${await created.text()}`);
  const tempId = ((await created.json()) as { data: { temp_enrollment_id: string } }).data.temp_enrollment_id;
  const jar = new Map(b.cookie.split('; ').map((c) => [c.split('=')[0], c] as const));
  for (const c of created.headers.getSetCookie().map((x) => x.split(';')[0])) jar.set(c.split('=')[0], c);
  b.cookie = [...jar.values()].join('; ');
  return tempId;
}
