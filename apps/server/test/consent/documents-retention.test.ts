import { afterEach, expect, it } from 'vitest';
import { todayIso } from '@store/domain/dates';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { agree, EFT, enrollmentAtStepFive, finish, enrollWith } from '../enrollment/finish/helpers.ts';
import { inEnrollmentTabs } from '../../src/db/sealed-columns.ts';
import { markLastDebit } from '../../src/modules/consent/retention.ts';
import { purgeAbandonedSignatures } from '../../src/modules/enrollment/steps/agreement-service.ts';

/**
 * How long the signed application, its signature image and the receipt are kept (issue 34, finding 7; decision
 * 2300): as long as the payment authorizations, the other proof of consent (issue 22): while the coverage goes on, and
 * two years after the enrollment's last debit; then the same purge job deletes them. The SHA-256 of the signed
 * application stays in issued_documents (no personal data): a copy someone kept still verifies.
 */
const DAY = 86_400_000;
let offset = 0;
const now = () => new Date(Date.now() + offset);

async function documentIds(ts: TestStore, id: string) {
  const e = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
  const tabs = e.tabs as Record<string, any>;
  const signature = ts.app.sealer.openJson<{ signature_media_id: string }>(tabs.aggrement_info._sealed, inEnrollmentTabs(id));
  const doc = await ts.db
    .selectFrom('issued_documents')
    .select(['media_id', 'sha256'])
    .where('enrollment_id', '=', id)
    .executeTakeFirstOrThrow();
  return { ids: [doc.media_id!, tabs.receipt.media_id as string, signature.signature_media_id], sha256: doc.sha256 };
}
const stored = async (ts: TestStore, ids: string[]) =>
  (await ts.db.selectFrom('media').select('id').where('id', 'in', ids).execute()).map((r) => r.id).sort();

describeEachDb(
  'signed documents are kept as long as the payment authorizations (issue 34)',
  (ctx) => {
    afterEach(() => {
      offset = 0;
    });

    it('keeps them while the coverage goes on and two years after its end, then deletes them', async () => {
      const ts = ctx();
      const c = ts.client();
      const id = await enrollmentAtStepFive(ts, c);
      await finish(c, id, () => enrollWith(c, id, EFT));
      const oc = ts.client();
      const otherId = await enrollmentAtStepFive(ts, oc);
      await finish(oc, otherId, () => enrollWith(oc, otherId, EFT));
      const { ids, sha256 } = await documentIds(ts, id);
      const otherIds = (await documentIds(ts, otherId)).ids;
      expect(await stored(ts, ids)).toEqual([...ids].sort());

      // The enrollment ends today: kept two years more (the other one goes on).
      await markLastDebit(ts.app, ts.db, id, todayIso(now()));
      offset = 2 * 365 * DAY - 2 * DAY;
      await ts.app.jobs.runDue();
      expect(await stored(ts, ids)).toEqual([...ids].sort());

      offset = 2 * 366 * DAY + 2 * DAY;
      await ts.app.jobs.runDue();
      expect(await stored(ts, ids)).toEqual([]);
      const doc = await ts.db
        .selectFrom('issued_documents')
        .select(['media_id', 'sha256'])
        .where('enrollment_id', '=', id)
        .executeTakeFirstOrThrow();
      expect(doc).toEqual({ media_id: null, sha256 });
      // Coverage that goes on keeps its documents whatever the date.
      expect(await stored(ts, otherIds)).toEqual([...otherIds].sort());
    }, 120_000);

    it('deletes the signature of an enrollment nobody can finish any more (unchanged, its code expired), with its record', async () => {
      const ts = ctx();
      const c = ts.client();
      const id = await enrollmentAtStepFive(ts, c);
      expect((await c.post('/api/v1/save-review-info', { enrollment_id: id, additional_notes: '' })).status).toBe(200);
      expect((await agree(c, id)).status).toBe(200);
      const e = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
      const sealed = (e.tabs as Record<string, any>).aggrement_info._sealed as string;
      const mediaId = ts.app.sealer.openJson<{ signature_media_id: string }>(sealed, inEnrollmentTabs(id)).signature_media_id;
      // Still open to its owner: kept.
      await purgeAbandonedSignatures(ts.app, new Date());
      expect(await stored(ts, [mediaId])).toEqual([mediaId]);
      // Unchanged for longer than a code lives: deleted, and the step is no longer signed.
      await purgeAbandonedSignatures(ts.app, new Date(Date.now() + 31 * DAY));
      expect(await stored(ts, [mediaId])).toEqual([]);
      const after = await ts.db.selectFrom('enrollments').select('tabs').where('id', '=', id).executeTakeFirstOrThrow();
      const agreement = (after.tabs as Record<string, any>).aggrement_info;
      expect(agreement._sealed).toBeUndefined();
      expect(agreement.signed).toBe(false);
    }, 60_000);
  },
  { now, JOBS_POLL_MS: 0 },
);
