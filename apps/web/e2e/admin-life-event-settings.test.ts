import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { LIFE_EVENT_SETTINGS_TEXT } from '@store/domain/life-event-settings';
import { startE2E, type E2E } from './harness.ts';
import { signInAsOperator } from './admin-harness.ts';
import { axeProblems, refusedSummary } from './harness-a11y.ts';

/** Decision 2724: the operator changes a life event type's window and proof retention in the console, on a phone. */
describe("the console's life event settings", () => {
  let e2e: E2E;
  beforeAll(async () => {
    e2e = await startE2E();
  });
  afterAll(async () => {
    await e2e?.close();
  });

  it('refuses a window of 200 days beside its field, then saves 90 days, kept after a reload', async () => {
    const page = await e2e.newPage({ mobile: true, width: 375 });
    await signInAsOperator(page, e2e);
    await page.goto(e2e.url('/admin'));
    await page.getByRole('button', { name: 'Menu' }).click();
    await page.getByRole('navigation', { name: 'Console' }).getByRole('link', { name: 'Life events' }).click();
    const form = page.getByRole('form', { name: 'Birth or adoption' });
    const windowDays = form.getByLabel('Days to report the event');
    await windowDays.waitFor();
    expect(await windowDays.inputValue()).toBe('60');
    expect(await form.getByLabel('Days to keep the proof').inputValue()).toBe('730');

    await windowDays.fill('200');
    await form.getByRole('button', { name: 'Save' }).click();
    const summary = await refusedSummary(form);
    await summary.getByText(LIFE_EVENT_SETTINGS_TEXT.WINDOW_DAYS).waitFor();
    expect(await form.getByText(LIFE_EVENT_SETTINGS_TEXT.WINDOW_DAYS).count()).toBe(2);
    expect(await page.evaluate(() => document.documentElement.scrollWidth)).toBeLessThanOrEqual(375);
    expect(await axeProblems(page)).toEqual([]);

    await windowDays.fill('90');
    await form.getByLabel('Days to keep the proof').fill('365');
    await form.getByRole('button', { name: 'Save' }).click();
    await form.getByText(LIFE_EVENT_SETTINGS_TEXT.SAVED).waitFor();

    await page.reload();
    const again = page.getByRole('form', { name: 'Birth or adoption' });
    await again.getByLabel('Days to report the event').waitFor();
    expect(await again.getByLabel('Days to report the event').inputValue()).toBe('90');
    expect(await again.getByLabel('Days to keep the proof').inputValue()).toBe('365');
    expect(await page.getByRole('form', { name: 'Marriage' }).getByLabel('Days to report the event').inputValue()).toBe('30');
    const row = await e2e.store.db
      .selectFrom('life_event_settings')
      .select(['window_days', 'document_retention_days'])
      .where('event_type', '=', 'birth_adoption')
      .executeTakeFirstOrThrow();
    expect(row).toEqual({ window_days: 90, document_retention_days: 365 });
  }, 120_000);
});
