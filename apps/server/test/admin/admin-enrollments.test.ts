import { expect, it } from 'vitest';
import { sql } from 'kysely';
import { describeEachDb } from '../helpers/store.ts';
import { inEnrollmentTabs } from '../../src/db/sealed-columns.ts';
import { PNG_1x1, signedInOperator } from './helpers.ts';

describeEachDb('operator console API: enrollments', (ctx) => {
  const operator = signedInOperator(ctx);

  it('finds an enrollment by name, code, status and date; shows it masked and audits the view', async () => {
    const shopper = ctx().client();
    const created = await shopper.post('/api/v1/add-filter-for-new-user', {
      zip: '10001',
      dob: '01/15/1980',
      gender: '0',
      tier: 'IO',
      eprocess: 'applicant',
      type: 'new-member',
      open_type: 'user',
    });
    expect(created.status).toBe(200);
    const id = created.body.data.temp_enrollment_id;
    const sealer = ctx().app.sealer;
    await ctx()
      .db.updateTable('enrollments')
      .set({
        tabs: JSON.stringify({
          primary_info: {
            first_name: 'Quinn',
            last_name: 'Zephyrine',
            ssn: '123456789',
            ssn_sealed: sealer.seal('123456789', inEnrollmentTabs(id)),
            birthdate: '01/15/1980',
          },
          payment_info: { payment_method: 'eft', account_number: '000123456789', routing_number: '021000021' },
          health_info: { _sealed: sealer.sealJson({ q1: 'yes' }, inEnrollmentTabs(id)) },
          aggrement_info: { signature: '/media/signature-test.png' },
        }),
        confirmation_number: 'BS-ZEPH-0001',
        status: 'completed',
      })
      .where('id', '=', id)
      .execute();
    await ctx()
      .db.insertInto('media')
      .values({ id: 'signature-test.png', content_type: 'image/png', data: Buffer.from(PNG_1x1, 'base64') })
      .execute();
    await shopper.post('/api/v1/save-screenshot', { enrollment_id: id, name: 'personal-info', image: `data:image/png;base64,${PNG_1x1}` });

    const c = await operator();
    for (const q of ['zephyr', 'Quinn Zeph', 'bs-zeph', id]) {
      const r = await c.get('/api/admin/enrollments', { q });
      expect(
        r.body.data.items.map((i: { id: string }) => i.id),
        q,
      ).toEqual([id]);
      expect(r.body.data.total).toBe(1);
    }
    const byStatus = await c.get('/api/admin/enrollments', { q: 'zephyr', status: 'quote' });
    expect(byStatus.body.data.total).toBe(0);
    const today = new Date().toISOString().slice(0, 10);
    const byDate = await c.get('/api/admin/enrollments', { q: 'zephyr', from: '2020-01-01', to: '2099-12-31' });
    expect(byDate.body.data.total).toBe(1);
    expect((await c.get('/api/admin/enrollments', { q: 'zephyr', to: '2020-01-01' })).body.data.total).toBe(0);
    expect(today).toMatch(/^\d{4}/);

    const detail = await c.get(`/api/admin/enrollments/${id}`);
    expect(detail.status).toBe(200);
    const d = detail.body.data;
    expect(d).toMatchObject({ id, first_name: 'Quinn', last_name: 'Zephyrine', status: 'completed', confirmation_number: 'BS-ZEPH-0001' });
    expect(d.tabs.primary_info).toMatchObject({ ssn: 'xxxxx6789', ssn_sealed: '[encrypted]' });
    expect(d.tabs.payment_info).toMatchObject({ account_number: 'xxxxxxxx6789', routing_number: 'xxxxx0021' });
    expect(d.tabs.health_info).toEqual({ _sealed: '[encrypted]' });
    // As the review reads (issue 37): its section titles and labels, codes in words, numbers masked, no field names.
    expect(d.answers.map((a: { title: string }) => a.title)).toEqual(['Personal Info', 'Health Questions', 'Billing Info']);
    expect(d.answers[0].rows).toEqual(
      expect.arrayContaining([
        ['First Name', 'Quinn'],
        ['SSN', 'xxxxx6789'],
        ['Birthdate', '01/15/1980'],
      ]),
    );
    expect(d.answers[2].rows).toEqual(
      expect.arrayContaining([
        ['Payment Method', 'EFT'],
        ['Account Number', 'xxxxxxxx6789'],
      ]),
    );
    expect(JSON.stringify(d.answers)).not.toMatch(/_sealed|\[encrypted\]|primary_info|aggrement_info/);
    expect(JSON.stringify(d)).not.toContain('123456789');
    expect(d.screenshots).toHaveLength(1);
    expect(d.screenshots[0].name).toBe('personal-info');
    expect(d.documents).toContainEqual({ label: 'Signature', url: '/api/admin/media/signature-test.png', content_type: 'image/png' });
    const shot = await c.get(`/api/admin/enrollments/${id}/screenshots/${d.screenshots[0].id}`);
    expect(shot.headers.get('content-type')).toBe('image/png');
    const audit = await ctx()
      .db.selectFrom('audit_log')
      .selectAll()
      .where('action', '=', 'view-enrollment')
      .where('target', '=', `enrollment:${id}`)
      .execute();
    expect(audit).toHaveLength(1);
    expect(audit[0].account_id).toBeTypeOf('number');
    expect((await c.get('/api/admin/enrollments/not-a-real-id')).status).toBe(404);
  });

  it('keeps the number found exact on every page as enrollments are added and change', async () => {
    const c = await operator();
    const found = async (query: Record<string, string | number> = {}) => {
      const r = await c.get('/api/admin/enrollments', { limit: 1, ...query });
      expect(r.status).toBe(200);
      return r.body.data.total as number;
    };
    const all = await found();
    const quotes = await found({ status: 'quote' });
    expect(await found({ offset: 1 })).toBe(all);

    const shopper = ctx().client();
    const created = await shopper.post('/api/v1/add-filter-for-new-user', {
      zip: '10001',
      dob: '01/15/1980',
      gender: '0',
      tier: 'IO',
      eprocess: 'applicant',
    });
    expect(created.status).toBe(200);
    const id: string = created.body.data.temp_enrollment_id;
    expect(await found()).toBe(all + 1);
    expect(await found({ offset: 1 })).toBe(all + 1);
    expect(await found({ status: 'quote' })).toBe(quotes + 1);

    await ctx().db.updateTable('enrollments').set({ status: 'checked_out' }).where('id', '=', id).execute();
    expect(await found({ status: 'quote' })).toBe(quotes);
    expect(await found({ status: 'quote', offset: 1 })).toBe(quotes);
    await sql`update enrollments set status = 'quote' where id = ${id}`.execute(ctx().db);
    expect(await found({ status: 'quote' })).toBe(quotes + 1);
    expect(await found()).toBe(all + 1);
  });

  it('gives the same pages going forward, back or straight to a page, enrollments created at the same instant included, and after a change', async () => {
    const c = await operator();
    const at = '2001-02-03T04:05:06.123456Z';
    const ids = Array.from({ length: 7 }, (_, i) => `page-test-${i}`);
    await ctx()
      .db.insertInto('enrollments')
      .values(
        ids.map((id, i) => ({
          id,
          type: 'new-member',
          eprocess: 'applicant',
          filter_info: '{}',
          created_at: i < 5 ? at : `2001-02-0${4 + i}T10:00:00.000001Z`,
        })),
      )
      .execute();
    const filter = { from: '2001-02-01', to: '2001-02-28' };
    const idsOf = (r: { body: { data: { items: { id: string }[] } } }) => r.body.data.items.map((i) => i.id);
    const whole = idsOf(await c.get('/api/admin/enrollments', { ...filter, limit: 100 }));
    expect(whole).toEqual([...ids].reverse());
    const pageAt = async (offset: number) => {
      const r = await c.get('/api/admin/enrollments', { ...filter, limit: 2, offset });
      expect(r.body.data.total).toBe(7);
      return idsOf(r);
    };
    for (const offset of [4, 4, 6, 2, 0, 2, 4, 6, 8])
      expect(await pageAt(offset), `offset ${offset}`).toEqual(whole.slice(offset, offset + 2));

    await ctx().db.updateTable('enrollments').set({ created_at: '2001-02-20T00:00:00Z' }).where('id', '=', 'page-test-0').execute();
    const moved = ['page-test-0', ...whole.filter((id) => id !== 'page-test-0')];
    for (const offset of [4, 6, 2, 4])
      expect(await pageAt(offset), `offset ${offset} after the change`).toEqual(moved.slice(offset, offset + 2));
  });
});
