import { expect, it } from 'vitest';
import { REMINDER_DAYS_TEXT } from '@store/domain/renewals';
import { describeEachDb } from '../helpers/store.ts';
import { operatorClient } from './helpers.ts';

const ACME = 3001;

/** Decision 2722: the console's group page edits the open enrollment's reminder days (groups.open_enrollment_reminder_days). */
describeEachDb("the console edits a group's open enrollment reminder days", (ctx) => {
  it('refuses days outside 1 to 60 beside the field, saves good ones, and a save without the field keeps them', async () => {
    const ts = ctx();
    const op = await operatorClient(ts);
    const url = `/api/admin/groups/${ACME}`;
    const { accounts: _a, ...form } = (await op.get(url)).body.data;
    expect(form.open_enrollment_reminder_days).toBe(7);

    for (const bad of [0, 61, 2.5, '', 'ten']) {
      const r = await op.put(url, { ...form, open_enrollment_reminder_days: bad });
      expect(r.status, String(bad)).toBe(422);
      expect(r.body.data).toEqual([{ target_element: 'open_enrollment_reminder_days', error_message: REMINDER_DAYS_TEXT }]);
    }
    expect((await op.get(url)).body.data.open_enrollment_reminder_days).toBe(7);

    const saved = await op.put(url, { ...form, open_enrollment_reminder_days: '10' });
    expect(saved.status, JSON.stringify(saved.body)).toBe(200);
    expect(saved.body.data.open_enrollment_reminder_days).toBe(10);
    const { open_enrollment_reminder_days: _d, ...without } = form;
    expect((await op.put(url, without)).body.data.open_enrollment_reminder_days).toBe(10);
    const g = await ts.db
      .selectFrom('groups')
      .select('open_enrollment_reminder_days')
      .where('group_id', '=', ACME)
      .executeTakeFirstOrThrow();
    expect(g.open_enrollment_reminder_days).toBe(10);
  });
});
