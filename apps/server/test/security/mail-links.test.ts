import { expect, it } from 'vitest';
import { TOO_MANY_CODES_TO_ADDRESS } from '@store/domain/abuse-limits';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { newEnrollment } from '../enrollment/helpers.ts';
import { openedMail } from '../helpers/mail.ts';

/**
 * The store's own mail carries links of its configured origins only (PUBLIC_URL, else the sites' hosts), never of
 * the request's Host header; the CSRF Origin check compares with the same configured origins. Save & Continue
 * Later mails any address typed, so it is limited per enrollment and per recipient.
 */
/** The enrollment-code mails of an enrollment, their sealed bodies opened as the sender opens them. */
const codeMails = async (ts: TestStore, id: string) =>
  (
    await ts.db
      .selectFrom('outbox')
      .select(['id', 'to_address', 'text', 'html'])
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-code')
      .orderBy('id')
      .execute()
  ).map((m) => openedMail(ts, m));

const linksIn = (text: string) => [...text.matchAll(/https?:\/\/[^\s"<]+/g)].map((m) => new URL(m[0]).origin);

async function saveLater(ts: TestStore, c: TestClient, email: string) {
  const id = await newEnrollment(ts, c);
  const r = await c.post('/api/v1/save-enrollment', { enrollment_id: id, email, tab: 'primary_info' });
  return { id, r };
}

describeEachDb('security: mailed links and the Origin check use configured origins only', (ctx) => {
  const port = () => new URL(ctx().baseUrl).port;

  it('mails the default origin, not the Host header, to a request for a host that is not a site', async () => {
    const ts = ctx();
    const { id, r } = await saveLater(ts, ts.client('evil.example'), 'victim@example.org');
    expect(r.status).toBe(200);
    const [mail] = await codeMails(ts, id);
    expect(mail.to_address).toBe('victim@example.org');
    const links = [...linksIn(mail.text), ...linksIn(mail.html)];
    expect(links.length).toBeGreaterThan(0);
    expect(new Set(links)).toEqual(new Set([`http://localhost:${port()}`]));
    // The reminders that follow reuse the origin of the save: the configured one.
    const jobs = await ts.db.selectFrom('scheduled_jobs').select('payload').where('enrollment_id', '=', id).execute();
    expect(jobs.map((j) => (j.payload as { origin: string }).origin)).toEqual([`http://localhost:${port()}`, `http://localhost:${port()}`]);
  });

  it('mails the links of the site asked for when it is a configured one (dental.localhost)', async () => {
    const ts = ctx();
    const { id, r } = await saveLater(ts, ts.client(`dental.localhost:${port()}`), 'dental.visitor@example.org');
    expect(r.status).toBe(200);
    const [mail] = await codeMails(ts, id);
    expect(new Set(linksIn(mail.text))).toEqual(new Set([`http://dental.localhost:${port()}`]));
  });

  it('refuses a change whose Origin matches its own forged Host but no configured origin', async () => {
    const ts = ctx();
    const c = ts.client('evil.example');
    const r = await c.request('POST', '/api/v1/add-filter-for-new-user', {
      body: { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' },
      headers: { origin: 'http://evil.example' },
    });
    expect(r.status).toBe(403);
    expect(r.body).toEqual({ status: 'error', message: 'Cross-site request refused' });
    // A configured site's origin (the *.localhost demo hosts) is accepted.
    const dental = ts.client(`dental.localhost:${port()}`);
    const ok = await dental.request('POST', '/api/v1/add-filter-for-new-user', {
      body: { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' },
      headers: { origin: `http://dental.localhost:${port()}` },
    });
    expect(ok.status).toBe(200);
  });

  it('limits the enrollment codes mailed to one address, whatever the enrollment', async () => {
    const ts = ctx();
    const statuses: number[] = [];
    let last: { status: number; body: any; headers: Headers } | undefined;
    for (let i = 0; i < 6; i++) {
      await ts.app.rateLimiter.reset('save-enrollment:ip:127.0.0.1');
      const { r } = await saveLater(ts, ts.client(), 'Flooded@Example.org');
      statuses.push(r.status);
      last = r;
    }
    expect(statuses).toEqual([200, 200, 200, 200, 200, 429]);
    expect(last!.body).toEqual({ status: 'error', message: TOO_MANY_CODES_TO_ADDRESS });
    expect(Number(last!.headers.get('retry-after'))).toBeGreaterThan(3600);
    const sent = await ts.db
      .selectFrom('outbox')
      .select('id')
      .where('to_address', 'in', ['Flooded@Example.org', 'flooded@example.org'])
      .execute();
    expect(sent).toHaveLength(5);
  });

  it('limits the codes one enrollment mails in a day, to any addresses', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await newEnrollment(ts, c);
    const statuses: number[] = [];
    for (let i = 0; i < 21; i++) {
      await ts.app.rateLimiter.reset('save-enrollment:ip:127.0.0.1');
      await ts.app.rateLimiter.reset(`save-enrollment:enr:${id}`);
      statuses.push(
        (await c.post('/api/v1/save-enrollment', { enrollment_id: id, email: `someone${i}@example.org`, tab: 'primary_info' })).status,
      );
    }
    expect(statuses.slice(0, 20).every((s) => s === 200)).toBe(true);
    expect(statuses[20]).toBe(429);
    expect(await codeMails(ts, id)).toHaveLength(20);
  });
});
