import { expect, it } from 'vitest';
import { CANCEL_BEFORE_COVERAGE } from '@store/domain/carriers';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { lifeMember } from '../member-home/helpers.ts';
import { CARD, PLAN_IDS, agree, enrollmentAtStepFive, enrollWith } from '../enrollment/finish/helpers.ts';
import { runDailyCarrierJobs } from './helpers.ts';
import { readIndependently, translatorProblems } from './x12-rules.ts';

const LONG_STREET = '12345 North Martin Luther King Junior Boulevard Extension Building C Suite 1200';
const ADDRESS = {
  address1: `${LONG_STREET}\u0007`,
  address2: '',
  city: 'Llanfairpwllgwyngyll Gogerychwyrndrobwll',
  state: 'NY',
  zip: '10001',
};
const dayBefore = (iso: string) => new Date(Date.parse(`${iso}T00:00:00Z`) - 86_400_000).toISOString().slice(0, 10);

/**
 * Issue 39: every kind of 834 the store writes through its own path (new at completion, the member's change, the
 * operator's termination), as the operator downloads it, read by x12-parser and checked against the translator's rules.
 */
describeEachDb("the store's 834s, as a carrier's translator reads them", (ctx) => {
  let op: TestClient;
  const files = async (enrollmentId: string) => {
    const items = await ctx()
      .db.selectFrom('carrier_file_items')
      .select(['maintenance', 'file_id'])
      .where('enrollment_id', '=', enrollmentId)
      .orderBy('id')
      .execute();
    const out: { maintenance: string; text: string }[] = [];
    for (const i of items) {
      const r = await op.get(`/api/admin/carrier-files/${i.file_id}`);
      expect(r.status).toBe(200);
      out.push({ maintenance: i.maintenance, text: r.body as string });
    }
    return out;
  };

  it('new, change and termination pass; a cancellation dated before the coverage is refused beside the date', async () => {
    const ts = ctx();
    op = ts.client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const dana = await lifeMember(ts);
    // A name typed before the rules (an en dash, an umlaut), and an address over the elements' lengths with a BEL.
    await ts.db.updateTable('members').set({ last_name: 'Müller–Lüdenscheid' }).where('user_id', '=', dana.userId).execute();
    const moved = await dana.member.put('/api/v1/member-home/address', ADDRESS);
    expect(moved.status, JSON.stringify(moved.body)).toBe(200);
    await runDailyCarrierJobs(ts);

    // The coverage's first day, as DTP*348 of the first file says it.
    const first = await readIndependently((await files(dana.id))[0].text);
    const d8 = first.find((s) => s.name === 'DTP' && s.e[1] === '348')!.e[3];
    const start = `${d8.slice(0, 4)}-${d8.slice(4, 6)}-${d8.slice(6)}`;
    const early = await op.post(`/api/admin/enrollments/${dana.id}/cancel`, { reason: 'Moved abroad', date: dayBefore(start) });
    expect(early.status).toBe(422);
    expect(early.body.data).toEqual([{ target_element: 'date', error_message: CANCEL_BEFORE_COVERAGE }]);
    const still = await ts.db.selectFrom('policies').select('status').where('enrollment_id', '=', dana.id).execute();
    expect(still.map((p) => p.status)).toEqual(['ACTIVE']);
    expect((await files(dana.id)).map((f) => f.maintenance)).toEqual(['021', '001']);

    const ended = await op.post(`/api/admin/enrollments/${dana.id}/cancel`, { reason: 'Moved abroad', date: start });
    expect(ended.status, JSON.stringify(ended.body)).toBe(200);
    await runDailyCarrierJobs(ts);

    const written = await files(dana.id);
    expect(written.map((f) => f.maintenance)).toEqual(['021', '001', '024']);
    for (const f of written) {
      const segs = await readIndependently(f.text);
      expect(translatorProblems(segs), f.maintenance).toEqual([]);
      expect(segs.find((s) => s.name === 'HD')?.e[3], 'guaranteed issue life').toBe('HLT');
      const payer = segs.find((s) => s.name === 'N1' && s.e[1] === 'IN')!;
      expect(payer.e.slice(2)).toEqual(['Guaranteed Life Carrier', 'FI', expect.stringMatching(/^\d{9}$/)]);
    }
    const change = await readIndependently(written[1].text);
    expect(change.find((s) => s.name === 'NM1')?.e[3]).toBe('Muller-Ludenscheid');
    const n3 = change.find((s) => s.name === 'N3')!;
    expect(`${n3.e[1]} ${n3.e[2]}`).toBe(LONG_STREET);
    expect(change.find((s) => s.name === 'N4')?.e[1]).toBe('Llanfairpwllgwyngyll');
    const termination = await readIndependently(written[2].text);
    expect(termination.filter((s) => s.name === 'DTP' && s.e[1] === '357').map((s) => s.e[3])).toEqual([start.replaceAll('-', '')]);
  });

  it('pet insurance is not sent in an 834: its carrier gets no file, the dental carrier gets only the dental plan', async () => {
    const ts = ctx();
    const c = ts.client();
    const id = await enrollmentAtStepFive(ts, c, { plans: [PLAN_IDS.dentalEssentials, PLAN_IDS.petCompanion] });
    const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
      .filter((t: { required: boolean }) => t.required)
      .map((t: { tab_name: string }) => t.tab_name);
    for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1)) {
      let r: { status: number; body: unknown } | undefined;
      if (tab === 'billing_info') r = await enrollWith(c, id, CARD);
      if (tab === 'agreement_info') r = await agree(c, id, { user_name: 'Dana Whitfield' });
      if (tab === 'review_info') r = await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' });
      expect(r?.status, `${tab}: ${JSON.stringify(r?.body)}`).toBe(200);
    }
    const sent = await ts.db
      .selectFrom('carrier_file_items')
      .innerJoin('carriers', 'carriers.id', 'carrier_file_items.carrier_id')
      .select(['carriers.name', 'carrier_file_items.file_id'])
      .where('carrier_file_items.enrollment_id', '=', id)
      .execute();
    expect(sent.map((s) => s.name)).toEqual(['National Dental Carrier']);
    const segs = await readIndependently((await op.get(`/api/admin/carrier-files/${sent[0].file_id}`)).body as string);
    expect(translatorProblems(segs)).toEqual([]);
    expect(segs.filter((s) => s.name === 'HD').map((s) => s.e[3])).toEqual(['DEN']);
  });
});
