import crypto from 'node:crypto';
import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient, type TestResponse } from '../helpers/client.ts';
import { buildRequest, ENROLLMENT_PARAM, loadOperations, tableChecksums, takesEnrollment, type Operation } from './openapi.ts';
import { A_MARKERS, makeEnrollment } from './fixtures.ts';

/**
 * Every route of the published contract that takes an enrollment (tempId, enrollment_id, id …) is called by
 * strangers with the enrollment of client A: a fresh browser, the same browser with the fixed basic
 * authorization header of the documents, and a signed-in rep who does not own it. Each must get exactly the
 * answer it would get for an enrollment that does not exist, see none of A's data, and change nothing.
 */
const BASIC_HEADERS = [`Basic ${Buffer.from('admin:admin').toString('base64')}`, `Basic ${Buffer.from('api:secret').toString('base64')}`];

function normalize(res: TestResponse, ids: string[]): string {
  let text = JSON.stringify({ status: res.status, body: res.body });
  for (const id of ids) {
    for (const form of [id, Buffer.from(id).toString('base64'), encodeURIComponent(Buffer.from(id).toString('base64'))])
      text = text.split(form).join('<id>');
  }
  return text;
}

async function call(c: TestClient, op: Operation, id: string, headers: Record<string, string>, encode: (id: string) => string) {
  const req = buildRequest(op, (name) => (ENROLLMENT_PARAM.test(name) ? encode(id) : undefined));
  return c.request(req.method, req.path, { query: req.query, body: req.body, headers });
}

describeEachDb('security: nobody else reaches an enrollment', (ctx) => {
  it('answers every enrollment route for a stranger exactly as for an enrollment that does not exist', async () => {
    const ts = ctx();
    const a = ts.client();
    const idA = await makeEnrollment(ts, a);
    const before = await tableChecksums(ts.db);
    const ops = (await loadOperations(a)).filter(takesEnrollment);
    expect(ops.map((o) => o.path)).toEqual(
      expect.arrayContaining(['/api/v1/change-filter-info/{tempId}', '/api/v1/get-enrollment-temp-info']),
    );

    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const strangers: { who: string; c: TestClient; headers: Record<string, string> }[] = [
      { who: 'fresh browser', c: ts.client(), headers: {} },
      ...BASIC_HEADERS.map((h) => ({ who: `basic header ${h}`, c: ts.client(), headers: { authorization: h } })),
      { who: 'signed-in rep', c: rep, headers: { authorization: BASIC_HEADERS[0] } },
    ];
    const encoders = [(id: string) => id, (id: string) => Buffer.from(id).toString('base64')];

    const problems: string[] = [];
    let refused = 0;
    for (const op of ops) {
      for (const s of strangers) {
        for (const encode of encoders) {
          const fake = crypto.randomUUID();
          const got = await call(s.c, op, idA, s.headers, encode);
          const none = await call(s.c, op, fake, s.headers, encode);
          const where = `${op.method} ${op.path} as ${s.who}`;
          if (got.status >= 500) problems.push(`${where}: ${got.status}`);
          if (normalize(got, [idA]) !== normalize(none, [fake])) {
            problems.push(
              `${where}: answers differently for A's enrollment (${got.status} ${JSON.stringify(got.body).slice(0, 200)}) than for none (${none.status})`,
            );
          }
          const text = JSON.stringify(got.body);
          for (const m of A_MARKERS) if (text.includes(m)) problems.push(`${where}: shows A's ${m}`);
          if ([401, 403, 404].includes(got.status)) refused++;
        }
      }
    }
    expect(problems).toEqual([]);
    expect(refused).toBeGreaterThan(0);
    // A's data (and everything else) is as it was.
    expect(await tableChecksums(ts.db)).toEqual(before);
    const mine = await a.get('/api/v1/get-enrollment-temp-info', { enrollment_id: idA, column: 'filter_info' });
    expect(mine.status).toBe(200);
    expect(mine.body.data.result).toMatchObject({ zip: '60601', dob: '07/04/1977' });
  });

  it('refuses the reading routes of an enrollment with 404 for a stranger', async () => {
    const ts = ctx();
    const a = ts.client();
    const idA = await makeEnrollment(ts, a);
    const b = ts.client();
    for (const column of ['filter_info', 'primary_info', 'payment_info', 'health_info', 'benificiary_info', 'dependent_info']) {
      const r = await b.request('GET', '/api/v1/get-enrollment-temp-info', {
        query: { enrollment_id: idA, column },
        headers: { authorization: BASIC_HEADERS[0] },
      });
      expect(r.status).toBe(404);
      expect(r.body).toEqual({ status: 'error', message: 'Enrollment not found' });
    }
    const change = await b.put(`/api/v1/change-filter-info/${idA}`, { tier: 'IF' });
    expect(change.status).toBe(404);
  });

  it('keeps enrollment ids unguessable', async () => {
    const ts = ctx();
    const c = ts.client();
    const ids = new Set<string>();
    for (let i = 0; i < 3; i++)
      ids.add(
        (await c.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' })).body.data
          .temp_enrollment_id,
      );
    expect(ids.size).toBe(3);
    for (const id of ids) expect(id).toMatch(/^[0-9a-f]{8}-[0-9a-f]{4}-4[0-9a-f]{3}-[89ab][0-9a-f]{3}-[0-9a-f]{12}$/);
  });

  it('lets only a signed-in owner reach the admin and people routes of the contract', async () => {
    const ts = ctx();
    const anon = ts.client();
    const ops = (await loadOperations(anon)).filter((o) => o.path.startsWith('/api/admin'));
    const problems: string[] = [];
    for (const op of ops) {
      const req = buildRequest(op);
      for (const headers of [{}, { authorization: BASIC_HEADERS[0] }] as Record<string, string>[]) {
        const r = await anon.request(req.method, req.path, { query: req.query, body: req.body, headers });
        if (![401, 403, 404, 422].includes(r.status)) problems.push(`${op.method} ${op.path}: ${r.status} for an anonymous browser`);
      }
    }
    expect(problems).toEqual([]);
  });
});
