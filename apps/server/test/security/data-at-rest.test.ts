import http from 'node:http';
import { expect, it } from 'vitest';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { agree, CARD, dependent, EFT, enrollmentAtStepFive, enrollWith } from '../enrollment/finish/helpers.ts';
import { PERSONAL } from '../enrollment/helpers.ts';
import { buildRequest, dumpTables, ENROLLMENT_PARAM, loadOperations } from './openapi.ts';

/**
 * Encryption at rest: after full enrollments through the API (SSNs of the member and dependents, a bank
 * account, a card), a dump of every column of every table holds none of the numbers typed, and they come
 * back masked.
 */
const TYPED = {
  memberSsn: '512345678',
  dependentSsns: ['687654321', '687654322', '687654323'],
  account: '555566667777',
  // A valid routing number that the routing directory does not hold: the directory's own entries are public data
  // (docs/decisions/1011-routing-directory-and-typing.md); the one a person typed must be nowhere in plain text.
  routing: '314074010',
  card: CARD.card_number,
  securityCode: '737',
};

const dashed = (ssn: string) => `${ssn.slice(0, 3)}-${ssn.slice(3, 5)}-${ssn.slice(5)}`;

async function finish(c: TestClient, id: string, billing: Record<string, unknown>) {
  const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
    .filter((t: any) => t.required)
    .map((t: any) => t.tab_name);
  const done = Math.max(
    ...['primary_info', 'contact_info', 'employer_info', 'benificiary_info', 'beneficiary_info', 'health_info', 'dependent_info'].map((t) =>
      tabs.indexOf(t),
    ),
  );
  for (const tab of tabs.slice(done + 1)) {
    let r;
    if (tab === 'billing_info') r = await enrollWith(c, id, billing);
    else if (tab === 'agreement_info') r = await agree(c, id);
    else if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: 'none' });
    else throw new Error(`step ${tab} not handled by this test`);
    expect(r.status, `${tab}: ${JSON.stringify(r.body)}`).toBe(200);
  }
}

async function enroll(ts: TestStore, c: TestClient, tier: string, billing: Record<string, unknown>, dependents: unknown[]) {
  const id = await enrollmentAtStepFive(ts, c, { tier });
  // Step five saved the personal info of the helper: save it again with this test's SSN.
  const p = await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL, ssn: TYPED.memberSsn });
  expect(p.status, JSON.stringify(p.body)).toBe(200);
  if (dependents.length) {
    const d = await c.post('/api/v1/save-dependent-info', { enrollment_id: id, dependents });
    expect(d.status, JSON.stringify(d.body)).toBe(200);
  }
  await finish(c, id, billing);
  return id;
}

describeEachDb('security: sensitive data at rest', (ctx) => {
  it('keeps no SSN, account, routing or card number typed in any column of any table', async () => {
    const ts = ctx();
    const c = ts.client();
    const [s1, s2, s3] = TYPED.dependentSsns;
    const eft = await enroll(
      ts,
      c,
      'IF',
      { ...EFT, account_number: TYPED.account, routing_number: TYPED.routing, bank_name: 'Lakeside Credit Union' },
      [dependent('Sam', { birthdate: '02/02/1984', ssn: s1 }), dependent('Ava', { ssn: s2 }), dependent('Ben', { ssn: s3 })],
    );
    const card = await enroll(ts, ts.client(), 'IO', { ...CARD, security_code: TYPED.securityCode }, []);
    for (const id of [eft, card]) {
      const e = await ts.db.selectFrom('enrollments').select('status').where('id', '=', id).executeTakeFirstOrThrow();
      expect(e.status).toBe('completed');
    }

    const dump = await dumpTables(ts.db);
    const found: string[] = [];
    const secrets = [
      TYPED.memberSsn,
      dashed(TYPED.memberSsn),
      ...TYPED.dependentSsns,
      ...TYPED.dependentSsns.map(dashed),
      TYPED.account,
      TYPED.routing,
      TYPED.card,
      `"${TYPED.securityCode}"`,
    ];
    for (const [table, rows] of dump) {
      for (const row of rows) for (const s of secrets) if (row.includes(s)) found.push(`${table}: ${s} in ${row.slice(0, 200)}`);
    }
    expect(found).toEqual([]);
    // Private files (signatures, signed applications, receipts) are sealed bytes (b2): no PDF or PNG in clear (issue 34).
    const privateMedia = (dump.get('media') ?? []).filter((row) => row.includes('"private":true'));
    expect(privateMedia.length).toBeGreaterThanOrEqual(6);
    // (row_to_json writes bytea as "\\x" and hex: b2. is 62322e)
    for (const row of privateMedia) expect(row, row.slice(0, 160)).toMatch(/"data":"\\\\x62322e/);
    // Sealed values are there instead.
    expect([...dump.values()].flat().join('\n')).toMatch(/s2\.[A-Za-z0-9_-]+\./);

    // Read back masked.
    const pay = await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: eft, column: 'payment_info' });
    const shown = JSON.stringify(pay.body);
    expect(shown).toContain('7777');
    expect(shown).not.toContain(TYPED.account);
    expect(shown).not.toContain(TYPED.routing);
    const primary = JSON.stringify((await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: eft, column: 'primary_info' })).body);
    expect(primary).not.toContain(TYPED.memberSsn);
    const deps = JSON.stringify((await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: eft, column: 'dependent_info' })).body);
    for (const s of TYPED.dependentSsns) expect(deps).not.toContain(s);

    // Every reading route of the contract, asked by the owner, shows the numbers masked only.
    const shownTo: string[] = [];
    for (const op of (await loadOperations(c)).filter((o) => o.method === 'GET' && o.path.startsWith('/api/'))) {
      for (const column of ['primary_info', 'payment_info', 'dependent_info', 'benificiary_info', 'health_info']) {
        const req = buildRequest(op, (name) => (ENROLLMENT_PARAM.test(name) ? eft : name === 'column' ? column : undefined));
        const r = await c.request('GET', req.path, { query: req.query });
        const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
        for (const s of secrets) if (text.includes(s)) shownTo.push(`${op.path} (${column}): ${s}`);
        if (!op.params.some((p) => p.name === 'column')) break;
      }
    }
    // The operator console shows them masked too.
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    let opened = 0;
    for (const o of (await loadOperations(op)).filter((x) => x.method === 'GET' && x.path.startsWith('/api/admin'))) {
      const req = buildRequest(o, (name) => (ENROLLMENT_PARAM.test(name) ? eft : name === 'q' ? 'Whitfield' : undefined));
      const r = await op.request('GET', req.path, { query: req.query });
      if (r.status === 200) opened++;
      const text = typeof r.body === 'string' ? r.body : JSON.stringify(r.body);
      for (const s of secrets) if (text.includes(s)) shownTo.push(`${o.path} (operator): ${s}`);
    }
    expect(opened).toBeGreaterThan(0);
    expect(shownTo).toEqual([]);
  });

  it('keeps step screenshots sealed, shown to operators only', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = (await c.post('/api/v1/add-filter-for-new-user', { zip: '10001', dob: '01/15/1985', gender: '1', tier: 'IO' })).body.data
      .temp_enrollment_id;
    const png = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';
    expect(
      (await c.post('/api/v1/save-screenshot', { enrollment_id: id, name: 'personal-info', image: `data:image/png;base64,${png}` })).status,
    ).toBe(200);
    const row = await ts.db.selectFrom('screenshots').select(['id', 'image']).where('enrollment_id', '=', id).executeTakeFirstOrThrow();
    const stored = Buffer.from(row.image);
    // The PNG's bytes sealed as bytes (format b2), bound to the row.
    expect(stored.subarray(0, 3).toString('latin1')).toBe('b2.');
    expect(stored.includes(Buffer.from(png, 'base64'))).toBe(false);
    const op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const shown = await new Promise<Buffer>((resolve, reject) => {
      const url = new URL(`/api/admin/enrollments/${id}/screenshots/${row.id}`, ts.baseUrl);
      http
        .get(url, { headers: { cookie: [...op.cookies].map(([k, v]) => `${k}=${v}`).join('; ') } }, (res) => {
          const chunks: Buffer[] = [];
          res.on('data', (d: Buffer) => chunks.push(d));
          res.on('end', () => resolve(Buffer.concat(chunks)));
        })
        .on('error', reject);
    });
    expect(shown.equals(Buffer.from(png, 'base64'))).toBe(true);
    expect((await c.get(`/api/admin/enrollments/${id}/screenshots/${row.id}`)).status).toBe(401);
  });
});
