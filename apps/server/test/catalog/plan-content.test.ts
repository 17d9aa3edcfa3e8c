import { expect, it } from 'vitest';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { newQuote } from './helpers.ts';

/** Issue 25: plan texts per language (Accept-Language, as the web app sends it) and the key numbers of the cards. */

const ES = { 'accept-language': 'es' };
const EN = { 'accept-language': 'en-US,en;q=0.9' };
type Card = { plan_id: number; plan_short_text: string; benefits: Record<string, unknown> | null };
const card = (body: { data: { result: Card[] } }, id: number) => body.data.result.find((p) => p.plan_id === id)!;

describeEachDb('plan content per language', (ctx) => {
  it('answers the plan list in Spanish for es and in English otherwise, with an ETag per language', async () => {
    const shopper = ctx().client();
    const quote = await newQuote(shopper);
    const list = (headers: Record<string, string>) =>
      shopper.request('GET', '/api/v1/get-filtered-plans', { query: { enrollment_id: quote }, headers });
    const es = await list(ES);
    const en = await list(EN);
    const none = await list({});
    expect(es.status).toBe(200);
    expect(card(es.body, PLAN_IDS.dentalEssentials).plan_short_text).toContain('Deducible anual bajo de $50');
    expect(card(en.body, PLAN_IDS.dentalEssentials).plan_short_text).toContain('Low $50 annual deductible');
    expect(card(none.body, PLAN_IDS.dentalEssentials).plan_short_text).toContain('Low $50 annual deductible');
    expect(es.headers.get('etag')).not.toBe(en.headers.get('etag'));
    expect(es.headers.get('vary')).toMatch(/accept-language/i);
    // the ready answer of each language is kept apart: asked again, each comes back the same
    expect(card((await list(ES)).body, PLAN_IDS.visionClear).plan_short_text).toContain('Examen de la vista anual');
    expect(card((await list(EN)).body, PLAN_IDS.visionClear).plan_short_text).toContain('Annual eye exam');
    // the key numbers of the cards
    expect(card(en.body, PLAN_IDS.dentalEssentials).benefits).toMatchObject({ deductible_cents: 5000, annual_max_cents: 100000 });
    expect(card(en.body, PLAN_IDS.termLife100k).benefits).toMatchObject({ coverage_cents: 10_000_000, term_years: 10 });
    expect(card(en.body, PLAN_IDS.supplementalCare).benefits?.benefit_amounts).toContainEqual({
      label: 'Hospital admission',
      label_es: 'Ingreso hospitalario',
      amount_cents: 100000,
    });
  });

  it('answers a plan page and the menu plans in the language asked', async () => {
    const c = ctx().client();
    const detail = (headers: Record<string, string>) =>
      c.request('GET', `/api/v1/get-plan-detail/${PLAN_IDS.dentalEssentials}`, { headers });
    const es = (await detail(ES)).body.data.result;
    const en = (await detail(EN)).body.data.result;
    expect(es.blueBarText).toBe('Dental Essentials: cobertura con deducible bajo para el cuidado dental de todos los días');
    expect(es.faq_text_name).toBe('Preguntas frecuentes');
    expect(es.exclusions_text).toContain('Procedimientos cosméticos');
    expect(es.example_text).toContain('María visita a un dentista');
    expect(en.blueBarText).toBe('Dental Essentials: low-deductible coverage for everyday dental care');
    expect(en.faq_text_name).toBe('Frequently Asked Questions');
    expect(es.plan_name).toBe('Dental Essentials');
    expect(en.uses_income).toBe(false);
    expect(
      (await c.request('GET', `/api/v1/get-plan-detail/${PLAN_IDS.incomeProtectDi}`, { headers: EN })).body.data.result.uses_income,
    ).toBe(true);
    const menu = await c.request('GET', '/api/v1/get-menu-filtered-plans', { query: { category: 'vision' }, headers: ES });
    expect(card(menu.body, PLAN_IDS.visionClear).plan_short_text).toContain('Monto de $150');
  });

  it('saves the Spanish texts and key numbers from the console; bad key numbers are 422 and change nothing', async () => {
    const op: TestClient = ctx().client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const id = PLAN_IDS.dentalPreferredPlus;
    const { plan_id: _id, ...form } = (await op.get(`/api/admin/plans/${id}`)).body.data;
    expect(form.translations.es.blue_bar_text).toContain('Dental Preferred Plus:');
    const bad = await op.put(`/api/admin/plans/${id}`, {
      ...form,
      blue_bar_text: 'Changed',
      benefits: { ...form.benefits, deductible_cents: -5, covers: [{ service: 'major', percent: 60, waiting_months: 99 }] },
      translations: { es: { ...form.translations.es, blue_bar_text: 'Cambiado' } },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data.map((e: { target_element: string }) => e.target_element)).toEqual(
      expect.arrayContaining(['benefits.deductible_cents', 'benefits.covers.0.waiting_months']),
    );
    const after = (await op.get(`/api/admin/plans/${id}`)).body.data;
    expect(after.blue_bar_text).toBe(form.blue_bar_text);
    expect(after.benefits).toEqual(form.benefits);
    expect(after.translations).toEqual(form.translations);

    const shopper = ctx().client();
    const page = async () =>
      (await shopper.request('GET', `/api/v1/get-plan-detail/${id}`, { headers: ES })).body.data.result as {
        blueBarText: string;
        body_text: string;
      };
    expect((await page()).blueBarText).toBe(form.translations.es.blue_bar_text); // cached now
    const ok = await op.put(`/api/admin/plans/${id}`, {
      ...form,
      benefits: { ...form.benefits, deductible_cents: 7500 },
      translations: {
        es: { ...form.translations.es, blue_bar_text: 'Dental Preferred Plus: más cobertura', body_text: '<p onclick="x()">Hola</p>' },
      },
    });
    expect(ok.status).toBe(200);
    expect(await page()).toMatchObject({ blueBarText: 'Dental Preferred Plus: más cobertura', body_text: '<p>Hola</p>' });
    const quote = await newQuote(shopper);
    const list = await shopper.request('GET', '/api/v1/get-filtered-plans', { query: { enrollment_id: quote }, headers: ES });
    expect(card(list.body, id).benefits).toMatchObject({ deductible_cents: 7500 });
  });
});
