import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { PLAN_IDS } from '../../server/src/db/seed/demo-catalog.ts';
import { putInCart } from '../../server/test/cart/helpers.ts';
import { callApi, startE2E, type E2E } from './harness.ts';
import { newQuote, savePersonalAndContact } from './harness-enrollment.ts';
import { startSmtp, unQp } from './harness-mail.ts';

const HOUR = 3600_000;
/** The store's clock: the real time moved on by `offset` (the test moves it to make reminders due). */
let offset = 0;
/** A received mail's text: quoted-printable undone, its UTF-8 read. */
const readMail = (raw: string) => Buffer.from(unQp(raw), 'latin1').toString('utf8');
const pathOf = (text: string, path: string) => {
  const m = new RegExp(`https?://[^/\\s]+(${path}[^\\s"<]+)`).exec(text);
  if (!m) throw new Error(`no ${path} link in: ${text}`);
  return m[1];
};

describe('in Spanish: Save & Continue Later mails in Spanish, the reminder follows, its unsubscribe page confirms', () => {
  let e2e: E2E;
  let smtp: Awaited<ReturnType<typeof startSmtp>>;
  beforeAll(async () => {
    smtp = await startSmtp();
    e2e = await startE2E({ SMTP_URL: `smtp://127.0.0.1:${smtp.port}`, now: () => new Date(Date.now() + offset), JOBS_POLL_MS: 0 });
  }, 120_000);
  afterAll(async () => {
    await e2e?.close();
    await smtp?.close();
  });

  it('saves in Spanish, gets the code and the reminder in Spanish, and unsubscribes on a page in the mail language', async () => {
    const page = await e2e.newPage();
    await page.goto(e2e.url('/'));
    await page.getByLabel('Language').selectOption('es');
    await expect.poll(() => page.evaluate(() => document.documentElement.lang)).toBe('es');
    const id = await newQuote(page, { gender: '1', eprocess: 'applicant', type: 'new-member', open_type: 'user' });
    await putInCart(e2e.store, id, PLAN_IDS.dentalEssentials);
    await savePersonalAndContact(page, id);

    await page.goto(e2e.url('/enrollment/contact-info'));
    await page.getByRole('button', { name: 'Guardar y continuar más tarde' }).click();
    const modal = page.getByRole('dialog', {
      name: '¿Introduzca el correo electrónico alternativo al que desea enviar el código de inscripción?',
    });
    await modal.getByLabel('Correo electrónico').fill('lucia.luego@example.org');
    await modal.getByRole('button', { name: 'Enviar código' }).click();
    await page.getByText('¡¡¡Información guardada!!! Revise su correo electrónico para continuar').waitFor();
    await page.getByRole('button', { name: 'Listo' }).click();

    // The code arrives at the SMTP server in Spanish.
    await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(1);
    const codeMail = readMail(smtp.inbox[0]);
    expect(codeMail).toContain('To: lucia.luego@example.org');
    expect(codeMail).toContain('Su inscripción ha sido guardada.');
    expect(codeMail).toMatch(/Código de inscripción: [A-Z0-9]{10}/);
    expect(codeMail).toContain('El código y el enlace vencen en 7 días.');
    expect(codeMail).not.toContain('Your enrollment has been saved.');

    // A day later the reminder follows, in Spanish too.
    offset = 25 * HOUR;
    await e2e.store.app.jobs.runDue();
    await expect.poll(() => smtp.inbox.length, { timeout: 20_000 }).toBe(2);
    const reminder = readMail(smtp.inbox[1]);
    expect(reminder).toContain('To: lucia.luego@example.org');
    expect(reminder).toContain('Guardó su inscripción pero aún no la ha terminado.');
    const resume = pathOf(reminder, '/direct-continue/');
    const unsubscribe = pathOf(reminder, '/reminders/unsubscribe/');
    expect(unsubscribe).toMatch(/\?lang=es$/);

    // Its resume link opens the saved step in another browser.
    const other = await e2e.newPage({ mobile: true });
    await other.goto(e2e.url(resume));
    await other.waitForURL(/\/enrollment\/contact-info$/);

    // A browser that never chose a language opens the unsubscribe link: the page speaks the mail's Spanish.
    const visitor = await e2e.newPage();
    await visitor.goto(e2e.url(unsubscribe));
    await visitor.getByRole('heading', { name: 'Correos de recordatorio' }).waitFor();
    await expect.poll(() => visitor.evaluate(() => document.documentElement.lang)).toBe('es');
    await visitor.getByText('¿Dejar de recibir los correos que le recuerdan terminar su inscripción guardada?').waitFor();
    await visitor.getByRole('button', { name: 'Cancelar la suscripción' }).click();
    await visitor
      .getByRole('status')
      .getByText('Ha cancelado la suscripción. No recibirá más recordatorios sobre esta inscripción.')
      .waitFor();
    const token = unsubscribe.split('/').at(-1)!.split('?')[0];
    expect((await callApi(visitor, 'GET', `/api/v1/reminders/unsubscribe/${token}`)).body.data).toEqual({ unsubscribed: true });

    // No second reminder after unsubscribing.
    offset = 4 * 24 * HOUR;
    await e2e.store.app.jobs.runDue();
    const reminders = await e2e.store.db
      .selectFrom('outbox')
      .select('id')
      .where('enrollment_id', '=', id)
      .where('kind', '=', 'enrollment-reminder')
      .execute();
    expect(reminders).toHaveLength(1);

    // Someone who chose English on this store reads the same page in English.
    const english = await e2e.newPage();
    await english.goto(e2e.url('/'));
    await english.evaluate(() => localStorage.setItem('lang', 'en'));
    await english.goto(e2e.url(unsubscribe));
    await english.getByRole('heading', { name: 'Reminder e-mails' }).waitFor();
    await english.getByText('You are unsubscribed. You will not get more reminders about this enrollment.').waitFor();
    await expect.poll(() => english.evaluate(() => document.documentElement.lang)).toBe('en');
  });
});
