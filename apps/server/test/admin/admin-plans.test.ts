import { expect, it } from 'vitest';
import { describeEachDb } from '../helpers/store.ts';
import { signedInOperator } from './helpers.ts';

describeEachDb('operator console API: plans, questions and rate tables', (ctx) => {
  const operator = signedInOperator(ctx);

  it('edits plans: sanitized texts, validated rules, questions', async () => {
    const c = await operator();
    const plans = await c.get('/api/admin/plans', { category: 'dental', limit: 100 });
    expect(plans.body.data.items.every((p: { category: string }) => p.category === 'dental')).toBe(true);
    const essentials = plans.body.data.items.find((p: { plan_name: string }) => p.plan_name === 'Dental Essentials');
    const plan = (await c.get(`/api/admin/plans/${essentials.plan_id}`)).body.data;
    const { plan_id: _id, ...form } = plan;
    const saved = await c.put(`/api/admin/plans/${essentials.plan_id}`, {
      ...form,
      body_text: '<p onclick="x()">Cleanings <b>twice</b> a year<script>alert(1)</script><a href="javascript:alert(1)">x</a></p>',
    });
    expect(saved.status).toBe(200);
    expect(saved.body.data.body_text).toBe('<p>Cleanings <b>twice</b> a year<a>x</a></p>');
    const badRules = await c.put(`/api/admin/plans/${essentials.plan_id}`, { ...form, rules: { tiers: ['XX'], minAge: 'ten' } });
    expect(badRules.status).toBe(422);
    expect(badRules.body.data.map((e: { target_element: string }) => e.target_element)).toEqual(
      expect.arrayContaining(['rules.tiers.0', 'rules.minAge']),
    );

    const q = await c.post(`/api/admin/plans/${essentials.plan_id}/questions`, {
      kind: 'questions',
      question_text: 'Have you seen a dentist this year?',
      options: [],
    });
    expect(q.body.data).toMatchObject({ question_text: 'Have you seen a dentist this year?', plan_id: essentials.plan_id });
    const listed = await c.get(`/api/admin/plans/${essentials.plan_id}/questions`);
    expect(listed.body.data).toHaveLength(1);
    await c.post(`/api/admin/questions/${q.body.data.question_id}/delete`);
    expect((await c.get(`/api/admin/plans/${essentials.plan_id}/questions`)).body.data).toHaveLength(0);
  });

  it('edits rate tables as a grid and from CSV, with row errors and a sample quote', async () => {
    const c = await operator();
    const plans = await c.get('/api/admin/plans', { q: 'Pet Companion' });
    const pet = plans.body.data.items[0];
    const rates = (await c.get(`/api/admin/plans/${pet.plan_id}/rates`)).body.data;
    expect(rates.length).toBeGreaterThan(0);

    const bad = await c.put(`/api/admin/plans/${pet.plan_id}/rates`, {
      rows: [
        { tier: 'IO', age_min: 18, age_max: 64, state: '', smoker: '', price: '10.00' },
        { tier: 'ZZ', age_min: 18, age_max: 64, state: '', smoker: '', price: '10.00' },
        { tier: 'IS', age_min: 70, age_max: 60, state: '', smoker: '', price: '-1' },
        { tier: 'IO', age_min: 30, age_max: 40, state: '', smoker: '', price: '12' },
      ],
    });
    expect(bad.status).toBe(422);
    const messages = bad.body.data.map((e: { error_message: string }) => e.error_message);
    expect(messages).toContain('Row 2: Tier must be IO, IS, IC or IF.');
    expect(messages.some((m: string) => m.startsWith('Row 3:'))).toBe(true);
    expect(messages).toContain('Row 4: ages overlap row 1 for the same tier, state and smoker.');
    expect((await c.get(`/api/admin/plans/${pet.plan_id}/rates`)).body.data).toEqual(rates);

    const csv =
      'tier,age_min,age_max,state,smoker,price\nIO,18,99,,,21.50\nIS,18,99,,,35\nIC,18,99,,,40\nIF,18,99,,,55.25\nIO,18,99,TX,,19.00\n';
    const imported = await c.post(`/api/admin/plans/${pet.plan_id}/rates/csv`, { csv });
    expect(imported.status).toBe(200);
    expect(imported.body.data).toHaveLength(5);
    const badCsv = await c.post(`/api/admin/plans/${pet.plan_id}/rates/csv`, {
      csv: 'tier,age_min,age_max,state,smoker,price\nIO,18,99,,,abc\n',
    });
    expect(badCsv.body.data).toEqual([{ target_element: 'rows.1.price', error_message: 'Row 1: Enter a price such as 12.50.' }]);
    const noHeader = await c.post(`/api/admin/plans/${pet.plan_id}/rates/csv`, { csv: 'IO,18,99,,,1\n' });
    expect(noHeader.body.data[0].target_element).toBe('csv');

    const ny = await c.get(`/api/admin/plans/${pet.plan_id}/sample-quote`, { zip: '10001', dob: '01/15/1980', tier: 'IO' });
    expect(ny.body.data).toMatchObject({ state: 'NY', price: 21.5, message: null });
    const tx = await c.get(`/api/admin/plans/${pet.plan_id}/sample-quote`, { zip: '75201', dob: '01/15/1980', tier: 'IO' });
    expect(tx.body.data.price).toBe(19);
    const badZip = await c.get(`/api/admin/plans/${pet.plan_id}/sample-quote`, { zip: '00000', dob: '01/15/1980', tier: 'IO' });
    expect(badZip.body.data).toEqual([{ target_element: 'zip', error_message: 'This zip code was not found.' }]);

    // Changing one price keeps the row (carts that point at it stay valid).
    const grid = imported.body.data.map((r: Record<string, unknown>) => ({
      ...r,
      price: r.tier === 'IO' && r.state === null ? 23.75 : r.price,
    }));
    const updated = await c.put(`/api/admin/plans/${pet.plan_id}/rates`, { rows: grid });
    const io = updated.body.data.find((r: { tier: string; state: string | null }) => r.tier === 'IO' && r.state === null);
    expect(io.price).toBe(23.75);
    expect(io.plan_pricing_id).toBe(
      imported.body.data.find((r: { tier: string; state: string | null }) => r.tier === 'IO' && r.state === null).plan_pricing_id,
    );
    expect(
      (await c.get(`/api/admin/plans/${pet.plan_id}/sample-quote`, { zip: '10001', dob: '01/15/1980', tier: 'IO' })).body.data.price,
    ).toBe(23.75);
  });

  it('pages lists on the server with totals', async () => {
    const c = await operator();
    const p1 = await c.get('/api/admin/plans', { limit: 5, offset: 0 });
    const p2 = await c.get('/api/admin/plans', { limit: 5, offset: 5 });
    expect(p1.body.data.items).toHaveLength(5);
    expect(p1.body.data.total).toBeGreaterThanOrEqual(20);
    expect(p2.body.data.items[0].plan_id).not.toBe(p1.body.data.items[0].plan_id);
    expect((await c.get('/api/admin/plans', { limit: 1000 })).status).toBe(422);
  });
});
