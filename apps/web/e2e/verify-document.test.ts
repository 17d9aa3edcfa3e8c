import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { startE2E, type E2E } from './harness.ts';
import { enrollmentAtBilling, enrollViaApi } from './harness-enrollment.ts';
import { axeProblems } from './harness-a11y.ts';

/** Issue 22: anyone checks a signed application at /verify with a file picker; a changed copy is not valid. */
describe('verify a signed application', () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
  });

  it('says valid, with the confirmation number, for the issued PDF and not valid for a copy with one byte changed', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    const id = await enrollmentAtBilling(page, e2e, { eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await enrollViaApi(page, id);
    const e = await e2e.store.db.selectFrom('enrollments').select('confirmation_number').where('id', '=', id).executeTakeFirstOrThrow();
    const bytes = await page.evaluate(
      async (eid) => Array.from(new Uint8Array(await (await fetch(`/api/v1/get-signed-application?enrollment_id=${eid}`)).arrayBuffer())),
      id,
    );
    const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'verify-'));
    const good = path.join(dir, 'signed.pdf');
    const bad = path.join(dir, 'changed.pdf');
    fs.writeFileSync(good, Uint8Array.from(bytes));
    const changed = Uint8Array.from(bytes);
    changed[Math.floor(changed.length / 3)] ^= 1;
    fs.writeFileSync(bad, changed);

    const other = await e2e.newPage();
    await other.goto(e2e.url('/verify'));
    await other.getByRole('heading', { name: 'Verify a signed application' }).waitFor();
    await other.getByLabel('PDF file').setInputFiles(good);
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.getByText(`Valid: this is the signed application ${e.confirmation_number}, signed on`).waitFor();
    expect(await axeProblems(other)).toEqual([]);
    await other.getByLabel('PDF file').setInputFiles(bad);
    await other.getByRole('button', { name: 'Verify' }).click();
    await other.getByText('Not valid: this file is not a document the store issued, or it was changed.').waitFor();
    fs.rmSync(dir, { recursive: true, force: true });
  }, 240_000);
});
