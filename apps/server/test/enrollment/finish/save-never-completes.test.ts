import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { describeEachDb } from '../../helpers/store.ts';
import { agree, CARD, enrollmentAtStepFive, enrollWith } from './helpers.ts';
import type { TestClient } from '../../helpers/client.ts';
import { openedMail } from '../../helpers/mail.ts';

/**
 * Issue 19: Save & Continue Later on Review & Confirmation completed the enrollment (a policy, the receipt
 * mail, billing set up) and the mailed code then said the link was not valid. Saving only saves; only the
 * wizard's last Next (save-billing-info with first_enroll=1; the billing step is the last, decision 2530) completes.
 */
describeEachDb('saving never enrolls', (ctx) => {
  async function atBilling(c: TestClient) {
    const id = await enrollmentAtStepFive(ctx(), c);
    const tabs: string[] = (await c.get('/get-dynamic-tabs', { enrollment_id: id })).body.data
      .filter((t: any) => t.required)
      .map((t: any) => t.tab_name);
    expect(tabs.slice(-3)).toEqual(['review_info', 'agreement_info', 'billing_info']);
    for (const tab of tabs.slice(tabs.indexOf('contact_info') + 1, -1)) {
      const r =
        tab === 'review_info'
          ? await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: 'Call after 5pm', first_enroll: 1 })
          : await agree(c, id, { user_name: 'Dana Whitfield' });
      expect(r.status, `${tab}: ${JSON.stringify(r.body)}`).toBe(200);
    }
    return id;
  }
  const state = async (id: string) => {
    const db = ctx().db;
    const e = await db.selectFrom('enrollments').select(['status', 'confirmation_number']).where('id', '=', id).executeTakeFirstOrThrow();
    const policies = await db.selectFrom('policies').select('plan_id').where('enrollment_id', '=', id).execute();
    const receipts = await db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-receipt')
      .execute();
    return { status: e.status, confirmation: e.confirmation_number, policies: policies.length, receipts: receipts.length };
  };

  it('Save & Continue Later on the billing step saves the payment, mails a code that resumes, and enrolls nobody', async () => {
    const c = ctx().client();
    // The review's Next (even with the specification's first_enroll=1) comes before the agreement and the billing.
    const id = await atBilling(c);
    expect(await state(id)).toEqual({ status: expect.not.stringMatching(/^completed$/), confirmation: null, policies: 0, receipts: 0 });
    // What the billing step sends for Save & Continue Later: the payment without the enroll flag, then the code mail.
    let r = await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD });
    expect(r.status).toBe(200);
    r = await c.post('/api/v1/save-enrollment', { enrollment_id: id, email: 'dana.review@example.org', tab: 'payment_info' });
    expect(r.status, JSON.stringify(r.body)).toBe(200);
    expect(r.body.data.message).toBe(TEXT.INFORMATION_SAVED);
    expect(await state(id)).toEqual({ status: expect.not.stringMatching(/^completed$/), confirmation: null, policies: 0, receipts: 0 });
    const notes = await c.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column: 'review_info' });
    expect(notes.body.data.result.additional_notes).toBe('Call after 5pm');

    // The mailed code opens the enrollment in another browser, at the billing step.
    const mail = openedMail(
      ctx(),
      await ctx()
        .db.selectFrom('outbox')
        .select(['id', 'html', 'text'])
        .where('enrollment_id', '=', id)
        .where('kind', '=', 'enrollment-code')
        .executeTakeFirstOrThrow(),
    );
    const code = /Enrollment code: ([A-Z0-9]+)/.exec(mail.text)![1];
    const other = ctx().client();
    const resumed = await other.post('/api/v1/continue-enrollment', { code, email: 'dana.review@example.org' });
    expect(resumed.status, JSON.stringify(resumed.body)).toBe(200);
    expect(resumed.body.data.saved_tab).toBe('payment_info');

    // Only the last Next enrolls.
    const done = await enrollWith(other, id, CARD);
    expect(done.status, JSON.stringify(done.body)).toBe(200);
    expect(await state(id)).toMatchObject({ status: 'completed', confirmation: expect.stringMatching(/^BS-/), policies: 1, receipts: 1 });
  });

  it('a billing step saved with first_enroll 0 does not enroll either', async () => {
    const c = ctx().client();
    const id = await atBilling(c);
    expect((await c.post('/api/v1/save-billing-info', { enrollment_id: id, ...CARD, first_enroll: 0 })).status).toBe(200);
    expect(await state(id)).toMatchObject({ confirmation: null, policies: 0, receipts: 0 });
  });
});
