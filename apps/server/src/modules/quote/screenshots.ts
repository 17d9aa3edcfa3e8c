import { SCREENSHOT_LIMITS, TOO_MANY_SCREENSHOTS } from '@store/domain/abuse-limits';
import type { Enrollment } from '../../db/schema.ts';
import { fieldError, HttpError } from '../../lib/errors.ts';
import { ALREADY_COMPLETED } from '@store/domain/enrollment';
import { RESUME_DAYS } from '../../lib/resume-link.ts';
import { screenshotContext } from '../../db/sealed-columns.ts';
import { nextRowId } from '../../lib/row-id-repository.ts';
import type { Deps } from '../../lib/deps.ts';
import { deleteStaleScreenshots, listScreenshotSteps, lockEnrollment, upsertScreenshot } from './screenshots-repository.ts';

const PNG_SIGNATURE = Buffer.from([0x89, 0x50, 0x4e, 0x47, 0x0d, 0x0a, 0x1a, 0x0a]);
const DAY = 86400_000;

/**
 * A step's screenshot (POST /api/v1/save-screenshot): a PNG of at most SCREENSHOT_LIMITS.maxBytes, its bytes sealed as
 * bytes (lib/crypto.ts sealBytes) like the other sensitive data (a step's image shows names, addresses and health
 * answers). The latest of each step replaces the one before until the enrollment is completed (then a step's first
 * image only is taken); an enrollment keeps at most SCREENSHOT_LIMITS.stepsPerEnrollment steps.
 */
export async function saveScreenshot(deps: Pick<Deps, 'db' | 'sealer'>, e: Enrollment, name: string, dataUrl: string): Promise<void> {
  const png = Buffer.from(dataUrl.slice(dataUrl.indexOf(',') + 1), 'base64');
  if (png.length < PNG_SIGNATURE.length || !png.subarray(0, PNG_SIGNATURE.length).equals(PNG_SIGNATURE))
    throw fieldError('image', 'The image must be a PNG data URL');
  if (png.length > SCREENSHOT_LIMITS.maxBytes) throw fieldError('image', 'The image is too large');
  await deps.db.transaction().execute(async (trx) => {
    // One save of an enrollment's screenshots at a time: the count of steps below stays true.
    const status = await lockEnrollment(trx, e.id);
    const steps = await listScreenshotSteps(trx, e.id);
    const same = steps.find((s) => s.name === name);
    // Once completed, what a step showed is a record: never replaced. A step's first image is still kept, since the
    // billing step's is taken just after its save completes the enrollment.
    if (same && status === 'completed') throw new HttpError(409, ALREADY_COMPLETED);
    if (!same && steps.length >= SCREENSHOT_LIMITS.stepsPerEnrollment) throw fieldError('name', TOO_MANY_SCREENSHOTS);
    // Sealed for its row (db/sealed-columns.ts): the step's row keeps its id when a newer image replaces the old one.
    const id = same?.id ?? (await nextRowId(trx, 'screenshots'));
    const sealed = deps.sealer.sealBytes(png, screenshotContext(id));
    await upsertScreenshot(trx, { id, enrollment_id: e.id, name, image: sealed });
  });
}

/**
 * Screenshots are kept as long as the enrollment can still be finished: an enrollment left unfinished, unchanged
 * for RESUME_DAYS (its enrollment code has expired too), loses them. A completed enrollment keeps its record.
 */
export async function purgeScreenshots(deps: Pick<Deps, 'db'>, now = new Date()): Promise<number> {
  const before = new Date(now.getTime() - RESUME_DAYS * DAY);
  return deleteStaleScreenshots(deps.db, before, now);
}
