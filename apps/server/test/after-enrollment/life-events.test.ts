import { expect, it } from 'vitest';
import { addDaysIso, todayIso } from '@store/domain/dates';
import { LIFE_EVENT_TEXT, proratedAdjustmentCents } from '@store/domain/life-events';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';
import { carrierFileContext } from '../../src/db/sealed-columns.ts';
import { read834 } from '../../src/modules/carriers/x12/read-834.ts';
import { LIFE_EVENT_MAIL_KIND } from '../../src/modules/life-events/service.ts';
import { readIndependently, translatorProblems } from '../carriers/x12-rules.ts';
import { enrollInPlans, mailsOf, memberClient, operatorClient, PLAN_IDS } from './helpers.ts';

const today = todayIso();
const PDF = `data:application/pdf;base64,${Buffer.from('%PDF-1.7\n1 0 obj <<>> endobj\n%%EOF').toString('base64')}`;
/** The X12 text of the file holding the enrollment's dependent addition (021 of one dependent). */
async function fileOfAddition(ts: TestStore, id: string) {
  const f = await ts.db
    .selectFrom('carrier_file_items')
    .innerJoin('carrier_files', 'carrier_files.id', 'carrier_file_items.file_id')
    .select(['carrier_files.id', 'carrier_files.content_enc'])
    .where('carrier_file_items.enrollment_id', '=', id)
    .where('carrier_file_items.maintenance', '=', '021')
    .where('carrier_file_items.dependent_id', 'is not', null)
    .executeTakeFirstOrThrow();
  return ts.app.sealer.open(f.content_enc, carrierFileContext(f.id));
}
const recurringOf = async (ts: TestStore, id: string) =>
  (await ts.db.selectFrom('billing_records').select('recurring_cents').where('enrollment_id', '=', id).executeTakeFirstOrThrow())
    .recurring_cents;

/**
 * Issue 38: a member reports a birth from the home, uploads the certificate, the operator approves it, the member adds
 * the baby: the tier and price follow from the birth's date, the carrier gets an 834 addition of the baby (read back
 * by a reader that is not the writer), the billing record and the ledger, the trail and a mail say so.
 */
describeEachDb('life events', (ctx) => {
  it('a birth: window, proof, approval, the baby added, priced, told to the carrier', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const member = await memberClient(ts, id);

    // Its window: 60 days after the birth, not 61.
    const late = await member.post('/api/v1/member-home/life-events', { event_type: 'birth_adoption', event_date: addDaysIso(today, -61) });
    expect(late.status).toBe(422);
    expect(late.body.data[0].target_element).toBe('event_date');
    expect(late.body.data[0].error_message).toMatch(/^This event can be reported from \d\d\/\d\d\/\d{4} to \d\d\/\d\d\/\d{4}\.$/);
    const born = addDaysIso(today, -60);
    const r = await member.post('/api/v1/member-home/life-events', { event_type: 'birth_adoption', event_date: born });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    const ev = r.body.data;
    expect(ev).toMatchObject({ status: 'awaiting_proof', effective_date: born, window_closes: today, has_document: false });

    // Nothing changes before the proof is approved.
    const early = await member.post(`/api/v1/member-home/life-events/${ev.id}/changes`, {
      action: 'add_dependent',
      relationship: 'child',
      first_name: 'Avery',
      last_name: 'Whitfield',
      birthdate: born,
      gender: '1',
    });
    expect(early.status).toBe(409);
    const itemsBefore = await ts.db.selectFrom('carrier_file_items').select('id').where('enrollment_id', '=', id).execute();

    // The document: its content decides, not its name or the claimed type; at most 10 MB.
    const gif = `data:application/pdf;base64,${Buffer.from('GIF89a not a pdf').toString('base64')}`;
    const wrong = await member.post(`/api/v1/member-home/life-events/${ev.id}/document`, { file_name: 'birth.pdf', data_url: gif });
    expect(wrong.status).toBe(422);
    expect(wrong.body.data[0]).toEqual({ target_element: 'file', error_message: LIFE_EVENT_TEXT.DOCUMENT_TYPE });
    const big = Buffer.alloc(10 * 1024 * 1024 + 1, 0x20);
    big.write('%PDF-1.7\n');
    const large = await member.post(`/api/v1/member-home/life-events/${ev.id}/document`, {
      file_name: 'birth.pdf',
      data_url: `data:application/pdf;base64,${big.toString('base64')}`,
    });
    expect(large.status).toBe(422);
    expect(large.body.data[0].error_message).toBe(LIFE_EVENT_TEXT.DOCUMENT_SIZE);
    const up = await member.post(`/api/v1/member-home/life-events/${ev.id}/document`, { file_name: 'birth.pdf', data_url: PDF });
    expect(up.status, JSON.stringify(up.body)).toBe(200);
    expect(up.body.data).toMatchObject({ status: 'in_review', has_document: true });
    // Sealed at rest: the stored bytes are not the PDF.
    const stored = await ts.db
      .selectFrom('media')
      .select(['data', 'private'])
      .where('id', 'like', `life-event-${ev.id}-%`)
      .executeTakeFirstOrThrow();
    expect(stored.private).toBe(true);
    expect(Buffer.from(stored.data).subarray(0, 4).toString('latin1')).not.toBe('%PDF');

    // The operator reads the proof and approves.
    const op = await operatorClient(ts);
    const list = await op.get('/api/admin/life-events');
    expect(list.body.data[0]).toMatchObject({ id: ev.id, status: 'in_review', event_label: 'Birth or adoption' });
    const doc = await op.get(`/api/admin/life-events/${ev.id}/document`);
    expect(doc.status).toBe(200);
    expect(doc.headers.get('content-type')).toContain('application/pdf');
    const noReason = await op.post(`/api/admin/life-events/${ev.id}/decision`, { decision: 'rejected' });
    expect(noReason.status).toBe(422);
    const ok = await op.post(`/api/admin/life-events/${ev.id}/decision`, { decision: 'approved' });
    expect(ok.status, JSON.stringify(ok.body)).toBe(200);
    expect(ok.body.data.status).toBe('approved');
    expect(await ts.db.selectFrom('carrier_file_items').select('id').where('enrollment_id', '=', id).execute()).toEqual(itemsBefore);

    // The baby is added: Member + Children from the birth's date.
    const before = await recurringOf(ts, id);
    const add = await member.post(`/api/v1/member-home/life-events/${ev.id}/changes`, {
      action: 'add_dependent',
      relationship: 'child',
      first_name: 'Avery',
      last_name: 'Whitfield',
      birthdate: born,
      gender: '1',
    });
    expect(add.status, JSON.stringify(add.body)).toBe(200);
    const ch = add.body.data;
    expect(ch.tier).toBe('IC');
    expect(ch.previous_monthly_cents).toBe(before);
    expect(ch.monthly_cents).toBeGreaterThan(before);
    expect(ch.adjustment_cents).toBe(proratedAdjustmentCents(ch.monthly_cents - before, born));
    expect(await recurringOf(ts, id)).toBe(ch.monthly_cents);
    const adj = await ts.db
      .selectFrom('ledger_entries')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'adjustment')
      .execute();
    expect(adj.map((a) => [a.period, a.amount_cents, a.reason])).toEqual(
      ch.adjustment_cents ? [[born.slice(0, 7), ch.adjustment_cents, 'life_event']] : [],
    );

    // The member home shows the new price and the baby.
    const home = (await member.get('/api/v1/member-home')).body.data;
    const dental = home.coverage.find((c: { plan_id: number }) => c.plan_id === PLAN_IDS.dentalEssentials);
    expect(dental.tier).toBe('IC');
    expect(dental.covered).toContain('Avery Whitfield');
    const view = (await member.get('/api/v1/member-home/life-events')).body.data;
    expect(view.dependents.map((d: { name: string }) => d.name)).toEqual(['Avery Whitfield']);

    // The carrier's 834: the baby's addition (INS N 19 021 02), DTP*348 the birth, coverage level ECH; then the
    // subscriber's change (001) to the new level. Read back by x12-parser and by our reader.
    const text = await fileOfAddition(ts, id);
    const segs = await readIndependently(text);
    expect(translatorProblems(segs)).toEqual([]);
    const ins = segs.filter((s) => s.name === 'INS').map((s) => s.e.slice(1, 5));
    expect(ins).toContainEqual(['N', '19', '021', '02']);
    const all834 = await Promise.all(
      (
        await ts.db
          .selectFrom('carrier_file_items')
          .select(['maintenance', 'dependent_id', 'file_id'])
          .where('enrollment_id', '=', id)
          .where('id', 'not in', itemsBefore.length ? itemsBefore.map((i) => i.id) : [0])
          .orderBy('id')
          .execute()
      ).map((i) => [i.maintenance, i.dependent_id === 'subscriber' ? 'subscriber' : 'dependent']),
    );
    expect(all834).toEqual([
      ['021', 'dependent'],
      ['001', 'subscriber'],
    ]);
    const addition = read834(text).enrollments.find((e) => e.maintenance === '021')!;
    expect(addition.members.map((m) => [m.relationship, m.firstName, m.birthDate])).toEqual([['19', 'Avery', born]]);
    expect(addition.coverages).toEqual([expect.objectContaining({ insuranceLine: 'DEN', coverageLevel: 'ECH', effectiveDate: born })]);

    const mails = await mailsOf(ts, id, LIFE_EVENT_MAIL_KIND);
    expect(mails.map((m) => m.subject)).toEqual([
      'Your life event was reported',
      'Your life event was approved',
      'Your coverage was changed',
    ]);
    expect(mails[2].text).toContain('Avery Whitfield was added to your coverage.');
    const events = await ts.db.selectFrom('enrollment_events').select(['event_type']).where('enrollment_id', '=', id).execute();
    expect(events.filter((e) => e.event_type === 'life_event').length).toBe(3);
    expect(events.map((e) => e.event_type)).toContain('coverage_changed');
  });

  it('a marriage: 30 days, not 31; a move needs no proof and opens now', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const member = await memberClient(ts, id);
    const post = (event_type: string, days: number) =>
      member.post('/api/v1/member-home/life-events', { event_type, event_date: addDaysIso(today, -days) });
    expect((await post('marriage', 31)).status).toBe(422);
    expect((await post('marriage', 30)).body.data.status).toBe('awaiting_proof');
    expect((await post('move', 31)).status).toBe(422);
    const move = (await post('move', 30)).body.data;
    expect(move).toMatchObject({ status: 'approved', proof: null });
    const future = await member.post('/api/v1/member-home/life-events', { event_type: 'divorce', event_date: addDaysIso(today, 1) });
    expect(future.body.data[0].error_message).toBe(LIFE_EVENT_TEXT.FUTURE);
    // A move changes no dependents.
    const add = await member.post(`/api/v1/member-home/life-events/${move.id}/changes`, {
      action: 'add_dependent',
      relationship: 'spouse',
      first_name: 'Sam',
      last_name: 'Whitfield',
      birthdate: '1990-01-01',
      gender: '0',
    });
    expect(add.status).toBe(422);
    expect(add.body.message).toBe(LIFE_EVENT_TEXT.CHANGE_NOT_ALLOWED);
  });

  it('only the member changes their coverage; the rep reports for a client; rep and group see statuses, never documents', async () => {
    const ts = ctx();
    const id = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const other = await enrollInPlans(ts, [PLAN_IDS.dentalEssentials]);
    const member = await memberClient(ts, id);
    const stranger = await memberClient(ts, other);
    const ev = (await member.post('/api/v1/member-home/life-events', { event_type: 'marriage', event_date: today })).body.data;
    expect((await stranger.post(`/api/v1/member-home/life-events/${ev.id}/document`, { data_url: PDF })).status).toBe(404);
    expect(
      (await stranger.post(`/api/v1/member-home/life-events/${ev.id}/changes`, { action: 'remove_dependent', dependent_id: 'x' })).status,
    ).toBe(404);
    expect((await stranger.get('/api/v1/member-home/life-events')).body.data.events).toEqual([]);
    const strangers = (await stranger.post('/api/v1/member-home/life-events', { event_type: 'move', event_date: today })).body.data;
    expect([401, 403]).toContain((await member.get('/api/admin/life-events')).status);
    expect([401, 403]).toContain((await member.get(`/api/admin/life-events/${ev.id}/document`)).status);

    // The rep of the member's enrollment reports on their behalf (audited, the member mailed); another member is not theirs.
    const rep = ts.client();
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const repAccount = await ts.db
      .selectFrom('accounts')
      .select(['id', 'agent_id'])
      .where('email', '=', DEMO.rep.email)
      .executeTakeFirstOrThrow();
    const group = await ts.db.selectFrom('accounts').select(['group_id']).where('email', '=', DEMO.group.email).executeTakeFirstOrThrow();
    await ts.db.updateTable('enrollments').set({ agent_id: repAccount.agent_id, group_id: group.group_id }).where('id', '=', id).execute();
    await ts.db.updateTable('enrollments').set({ agent_id: null, group_id: null }).where('id', '=', other).execute();
    const userOf = async (e: string) =>
      (await ts.db.selectFrom('enrollments').select('user_id').where('id', '=', e).executeTakeFirstOrThrow()).user_id!;
    const notMine = await rep.post('/api/v1/rep-home/life-events', { user_id: await userOf(other), event_type: 'move', event_date: today });
    expect(notMine.status).toBe(404);
    const byRep = await rep.post('/api/v1/rep-home/life-events', { user_id: await userOf(id), event_type: 'move', event_date: today });
    expect(byRep.status, JSON.stringify(byRep.body)).toBe(200);
    expect(byRep.body.data.reported_by_rep).toBe(true);
    const audit = await ts.db.selectFrom('audit_log').select(['account_id']).where('action', '=', 'rep.life_event.report').execute();
    expect(audit).toEqual([{ account_id: repAccount.id }]);
    const mails = await mailsOf(ts, id, LIFE_EVENT_MAIL_KIND);
    expect(mails.at(-1)!.text).toContain('by your representative');

    // The rep and the group administrator see the events and statuses of their own people only, no document.
    const seen = (await rep.get('/api/v1/rep-home/life-events')).body.data;
    const ids = (list: { id: number }[]) => list.map((e) => e.id);
    expect(ids(seen)).toEqual(expect.arrayContaining([ev.id, byRep.body.data.id]));
    expect(ids(seen)).not.toContain(strangers.id);
    expect(JSON.stringify(seen)).not.toMatch(/media|data_url|base64/);
    const hr = ts.client();
    await hr.signIn(DEMO.group.email, DEMO.group.password);
    const groupSeen = (await hr.get('/api/v1/group-home/life-events')).body.data;
    expect(ids(groupSeen).sort()).toEqual([ev.id, byRep.body.data.id].sort());
    expect([401, 403]).toContain((await rep.get(`/api/admin/life-events/${ev.id}/document`)).status);
    expect(
      (await hr.post(`/api/v1/member-home/life-events/${ev.id}/changes`, { action: 'remove_dependent', dependent_id: 'x' })).status,
    ).toBe(403);
  });
});
