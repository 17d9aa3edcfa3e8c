import { expect, it } from 'vitest';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import type { TestClient } from '../helpers/client.ts';
import { tableChecksums } from './openapi.ts';
import { healthAnswers } from '../helpers/health.ts';
import {
  ALL_MARKERS,
  CARD,
  existingMemberEnrollment,
  HEALTH,
  HEALTH_MARKERS,
  memberEnrollsAlone,
  saveStepsUntil,
  signedIn,
} from './member-data.ts';

/**
 * Issue 34, finding 1 (decision 2320): a member's health answers, saved cards and accounts and signed application
 * are the member's. Their rep and their group administrator, starting an existing-member enrollment for them, get
 * empty health questions and no saved payment methods, cannot bill the member's card or account, and cannot
 * download the member's documents; the member signed in still gets the prefill and reuses the card.
 */
const pdf = async (ts: TestStore, c: TestClient, url: string) => {
  const r = await ts.app.inject({ method: 'GET', url, headers: { cookie: (c as any).cookieHeader() ?? '' } });
  return { status: r.statusCode, text: r.rawPayload.toString('latin1') };
};
const noMarkers = (what: string, body: unknown) => {
  const text = JSON.stringify(body);
  expect(
    ALL_MARKERS.filter((m) => text.includes(m)),
    what,
  ).toEqual([]);
};

describeEachDb("security: the member's data stays in the member's session (issue 34, finding 1)", (ctx) => {
  it("gives the member's rep and group administrator none of the member's earlier health answers", async () => {
    const ts = ctx();
    await memberEnrollsAlone(ts);
    for (const who of ['rep', 'group'] as const) {
      const staff = await signedIn(ts, who);
      const id = await existingMemberEnrollment(ts, staff, 'staff', PLAN_IDS.criticalIllnessGuard);
      const health = await staff.get('/api/v1/get-existing-primary-health-info', { enrollment_id: id });
      expect(health.status, who).toBe(200);
      expect(health.body.data.result, who).toBeNull();
      const questions = await staff.get('/api/v1/get-health-questions-primary-health-info', { enrollment_id: id });
      expect(questions.status).toBe(200);
      noMarkers(`${who} health questions`, questions.body);
    }
  });

  it("lists none of the member's saved cards and accounts to their rep or group administrator, who cannot bill them", async () => {
    const ts = ctx();
    const { cardId, bankId } = await memberEnrollsAlone(ts);
    for (const who of ['rep', 'group'] as const) {
      const staff = await signedIn(ts, who);
      const id = await existingMemberEnrollment(ts, staff, 'staff', PLAN_IDS.criticalIllnessGuard);
      // At the billing step, the member's card and account are refused beside the field, and nothing is saved.
      await saveStepsUntil(staff, id, 'billing_info', { health: healthAnswers() });
      const before = await tableChecksums(ts.db);
      for (const body of [
        { payment_method: 'cc', card_id: cardId },
        { payment_method: 'eft', bank_id: bankId },
      ]) {
        const r = await staff.post('/api/v1/save-billing-info-existing', { enrollment_id: id, bill_date: 28, ...body });
        expect(r.status, `${who} ${JSON.stringify(body)}`).toBe(422);
        // Beside the field; a group's enrollment billed by list refuses the method itself first.
        const field = body.payment_method === 'cc' ? 'card_id' : 'bank_id';
        expect([field, 'payment_method'], `${who} ${JSON.stringify(r.body)}`).toContain(r.body.data[0].target_element);
        if (who === 'rep') expect(r.body.data).toEqual([{ target_element: field, error_message: 'Please choose a saved payment method' }]);
      }
      expect(await tableChecksums(ts.db)).toEqual(before);
      for (const path of ['/api/v1/get-existing-card-info', '/api/v1/get-existing-bank-info']) {
        const r = await staff.get(path, { enrollment_id: id });
        expect(r.status, `${who} ${path}`).toBe(200);
        expect(r.body.data.result, `${who} ${path}`).toEqual([]);
      }
    }
  });

  it("does not give the member's rep or group administrator the member's signed application", async () => {
    const ts = ctx();
    const { byBank, withHealth } = await memberEnrollsAlone(ts);
    for (const who of ['rep', 'group'] as const) {
      const staff = await signedIn(ts, who);
      for (const id of [byBank, withHealth]) {
        const doc = await pdf(ts, staff, `/api/v1/get-signed-application?enrollment_id=${id}`);
        expect(doc.status, who).toBe(404);
        expect(doc.text).not.toContain('%PDF');
      }
    }
  });

  it('prefills the health questions and offers the saved card in the signed-in member’s own session', async () => {
    const ts = ctx();
    const { member, withHealth, cardId } = await memberEnrollsAlone(ts);
    const id = await existingMemberEnrollment(ts, member, 'member', PLAN_IDS.criticalIllnessGuard);
    const health = await member.get('/api/v1/get-existing-primary-health-info', { enrollment_id: id });
    expect(health.status).toBe(200);
    expect(JSON.stringify(health.body.data.result)).toContain(HEALTH_MARKERS[0]);
    expect(health.body.data.result.notes).toBe(HEALTH.notes);
    const cards = await member.get('/api/v1/get-existing-card-info', { enrollment_id: id });
    expect(cards.body.data.result).toEqual(
      expect.arrayContaining([expect.objectContaining({ card_id: cardId, card_number: 'xxxxxxxxxxxx5556' })]),
    );
    await saveStepsUntil(member, id, 'billing_info', { health: HEALTH });
    const paid = await member.post('/api/v1/save-billing-info-existing', {
      enrollment_id: id,
      payment_method: 'cc',
      card_id: cardId,
      bill_date: 28,
    });
    expect(paid.status, JSON.stringify(paid.body)).toBe(200);
    // Their own signed application is theirs.
    const doc = await pdf(ts, member, `/api/v1/get-signed-application?enrollment_id=${withHealth}`);
    expect(doc.status).toBe(200);
    expect(doc.text.startsWith('%PDF')).toBe(true);
    expect(CARD.card_number).not.toBe('');
  });

  it('shows a rep or group administrator only statuses of an enrollment they made, once it is completed', async () => {
    const ts = ctx();
    for (const who of ['rep', 'group'] as const) {
      const staff = await signedIn(ts, who);
      const id = await existingMemberEnrollment(ts, staff, 'staff', PLAN_IDS.criticalIllnessGuard);
      await saveStepsUntil(staff, id, null, { health: HEALTH, billing: CARD });
      // While it is being made, its review shows what was entered.
      // Completed: the receipt says what was enrolled and how it is paid, without the card's last four.
      const receipt = await staff.get('/api/v1/get-receipt', { enrollment_id: id });
      expect(receipt.status, who).toBe(200);
      expect(receipt.body.data.confirmation_number).toMatch(/\S/);
      expect(receipt.body.data.payment).toEqual({ method: who === 'rep' ? 'cc' : 'list', brand: null, bank_name: null, last4: null });
      noMarkers(`${who} receipt`, receipt.body);
      // The header's cart count and monthly amount still answer on the receipt page: numbers they saw while enrolling.
      const count = await staff.get('/api/v1/get-cart-count', { enrollment_id: id });
      expect([count.status, count.body.data.result], who).toEqual([200, 1]);
      const amount = await staff.get('/api/v1/get-cart-amount', { enrollment_id: id });
      expect(amount.status, who).toBe(200);
      expect(amount.body.data.result).toMatch(/^\d+\.\d{2}$/);
      // Nothing else of it: answers, saved steps, documents.
      for (const column of ['primary_info', 'contact_info', 'health_info', 'payment_info', 'aggrement_info', 'review_info']) {
        const r = await staff.get('/api/v1/get-enrollment-temp-info', { enrollment_id: id, column });
        expect(r.status, `${who} ${column}`).toBe(409);
        expect(r.body).toEqual({ status: 'error', message: 'This enrollment is already completed.' });
      }
      for (const path of [
        '/api/v1/get-health-questions-primary-health-info',
        '/api/v1/get-form-fields-personal-info',
        '/api/v1/get-form-fields-contact-info',
        '/api/v1/get-plan-cart',
        '/api/v1/get-payment-authorization',
      ]) {
        const r = await staff.get(path, { enrollment_id: id });
        expect(r.status, `${who} ${path}`).toBe(409);
        noMarkers(`${who} ${path}`, r.body);
      }
      for (const path of ['/api/v1/get-receipt-pdf', '/api/v1/get-signed-application']) {
        const r = await pdf(ts, staff, `${path}?enrollment_id=${id}`);
        expect([404, 409], `${who} ${path}`).toContain(r.status);
        expect(r.text).not.toContain('%PDF');
      }
    }
  });
});
