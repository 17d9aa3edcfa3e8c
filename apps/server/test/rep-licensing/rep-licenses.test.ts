import { expect, it } from 'vitest';
import { repNotLicensed } from '@store/domain/rep-licensing';
import { QUOTE } from './fixtures.ts';
import { describeEachDb } from '../helpers/store.ts';

/** Issue 39: a rep quotes only where their license is current; the API refuses with 422 on the zip, in the fixed text. */
describeEachDb('rep licenses at the quote', (ctx) => {
  it('Jordan Avery quotes in Texas, not in California nor once his Texas license expired; the house quotes anywhere', async () => {
    const ts = ctx();
    const c = ts.client();
    const quote = (body: Record<string, unknown>) => c.post('/api/v1/add-filter-for-new-user', { ...QUOTE, ...body });
    expect((await quote({ zip: '75201', agent_id: 20001 })).status).toBe(200);
    const ca = await quote({ zip: '90210', agent_id: 20001 });
    expect(ca.status).toBe(422);
    expect(ca.body.data).toEqual([{ target_element: 'zip', error_message: repNotLicensed('CA') }]);
    expect(repNotLicensed('CA')).toBe(
      'This representative is not licensed in California. Call 1-800-555-0142 to reach a licensed representative.',
    );
    expect((await quote({ zip: '90210' })).status).toBe(200);

    // A quote in his state, its zip changed to one where he is not licensed: refused, the quote unchanged.
    const ny = await quote({ zip: '10001', agent_id: 20001 });
    const id = ny.body.data.temp_enrollment_id as string;
    const moved = await c.put(`/api/v1/change-filter-info/${id}`, { zip: '90210' });
    expect(moved.status).toBe(422);
    expect(moved.body.data).toEqual([{ target_element: 'zip', error_message: repNotLicensed('CA') }]);

    await ts.db
      .updateTable('rep_licenses')
      .set({ expires_on: '2020-01-01' })
      .where('agent_id', '=', 20001)
      .where('state', '=', 'TX')
      .execute();
    const expired = await quote({ zip: '75201', agent_id: 20001 });
    expect(expired.status).toBe(422);
    expect(expired.body.data).toEqual([{ target_element: 'zip', error_message: repNotLicensed('TX') }]);
    await ts.db
      .updateTable('rep_licenses')
      .set({ expires_on: '2027-12-31' })
      .where('agent_id', '=', 20001)
      .where('state', '=', 'TX')
      .execute();
  });

  it("a group's quote is checked in the group's own state: Harbor Schools (Dallas) quotes an employee living in California", async () => {
    const ts = ctx();
    const c = ts.client();
    const quote = (body: Record<string, unknown>) => c.post('/api/v1/add-filter-for-new-user', { ...QUOTE, ...body });
    // Jordan alone may not quote in California; for his group in Texas, an employee's California zip does not matter.
    expect((await quote({ zip: '90210', agent_id: 20001 })).status).toBe(422);
    const employee = await quote({ zip: '90210', group_id: 3003 });
    expect(employee.status, JSON.stringify(employee.body)).toBe(200);
    await ts.db
      .updateTable('rep_licenses')
      .set({ expires_on: '2020-01-01' })
      .where('agent_id', '=', 20001)
      .where('state', '=', 'TX')
      .execute();
    try {
      // His Texas license expired: the group's quote is refused in Texas's name, even for an employee living in New York.
      const refused = await quote({ zip: '10001', group_id: 3003 });
      expect(refused.status).toBe(422);
      expect(refused.body.data).toEqual([{ target_element: 'zip', error_message: repNotLicensed('TX') }]);
    } finally {
      await ts.db
        .updateTable('rep_licenses')
        .set({ expires_on: '2027-12-31' })
        .where('agent_id', '=', 20001)
        .where('state', '=', 'TX')
        .execute();
    }
  });
});
