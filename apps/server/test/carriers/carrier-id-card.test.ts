import { expect, it } from 'vitest';
import { CARRIER_TEXTS } from '@store/domain/carriers';
import { describeEachDb } from '../helpers/store.ts';
import { DEMO } from '../helpers/client.ts';

/** Issue 37: the console sets what a member's ID card shows of the carrier; the member home shows it. */
describeEachDb('the ID card lines of a carrier', (ctx) => {
  it('an operator saves member services phone, payer id, claims address and logo; bad ones are refused beside their fields', async () => {
    const op = ctx().client();
    await op.signIn(DEMO.operator.email, DEMO.operator.password);
    const carrier = (await op.get('/api/admin/carriers')).body.data.items.find((c: any) => c.name === 'National Dental Carrier');
    // The demo carrier has its ID card lines (issue 37): its logo is its brand's.
    expect(carrier).toMatchObject({ logo: '/media/carrier-national-dental.svg' });
    expect([carrier.member_phone, carrier.payer_id]).toEqual([
      expect.stringMatching(/^80055501\d\d$/),
      expect.stringMatching(/^BS\d\d01$/),
    ]);
    expect(carrier.claims_address).toMatch(/^Claims, PO Box \d+\nAlbany, NY 12201$/);
    const { id, plan_count: _p, sftp_secret_set: _s, ...settings } = carrier;
    const bad = await op.request('PUT', `/api/admin/carriers/${id}`, {
      body: { ...settings, member_phone: '555-01', payer_id: 'NDC 42!', logo: 'javascript:alert(1)' },
    });
    expect(bad.status).toBe(422);
    expect(bad.body.data).toEqual(
      expect.arrayContaining([
        { target_element: 'member_phone', error_message: CARRIER_TEXTS.MEMBER_PHONE },
        { target_element: 'payer_id', error_message: CARRIER_TEXTS.PAYER_ID },
        { target_element: 'logo', error_message: CARRIER_TEXTS.LOGO },
      ]),
    );
    const card = {
      member_phone: '(800) 555-0134',
      payer_id: 'NDC42',
      claims_address: 'PO Box 1200\nAlbany, NY 12201',
      logo: '/media/ndc-logo.png',
    };
    const saved = await op.request('PUT', `/api/admin/carriers/${id}`, { body: { ...settings, ...card } });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data).toMatchObject({ ...card, member_phone: '8005550134' });

    const riley = ctx().client();
    await riley.signIn(DEMO.member.email, DEMO.member.password);
    const dental = (await riley.get('/api/v1/member-home')).body.data.coverage.find((p: any) => p.plan_name === 'Dental Essentials');
    expect(dental).toMatchObject({
      carrier_phone: '8005550134',
      service_phone: null,
      payer_id: 'NDC42',
      claims_address: card.claims_address,
      carrier_logo: '/media/ndc-logo.png',
    });
    // Emptied again: the lines go.
    await op.request('PUT', `/api/admin/carriers/${id}`, {
      body: { ...settings, member_phone: '', payer_id: '', claims_address: '', logo: '' },
    });
    const row = await ctx().db.selectFrom('carriers').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(row).toMatchObject({ member_phone: null, payer_id: null, claims_address: null, logo: null });
  });
});
