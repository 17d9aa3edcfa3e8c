import { expect, it } from 'vitest';
import { TEXT } from '@store/domain/texts';
import { PLAN_IDS } from '../../src/db/seed/demo-catalog.ts';
import { describeEachDb, type TestStore } from '../helpers/store.ts';
import { DEMO, type TestClient } from '../helpers/client.ts';
import { pdfText } from '../helpers/pdf-text.ts';
import { newEnrollment as newQuoteEnrollment, putInCart } from '../cart/helpers.ts';
import { CONTACT, PERSONAL, newEnrollment } from '../enrollment/helpers.ts';
import { CARD, enrollmentAtStepFive, finish, enrollWith } from '../enrollment/finish/helpers.ts';
import { openedMail } from '../helpers/mail.ts';
import { openPrivateMedia } from '../../src/lib/private-media.ts';

const SPANISH = 'es-ES,es;q=0.9,en;q=0.5';
const outbox = async (ts: TestStore, id: string, kind: string) =>
  openedMail(
    ts,
    await ts.db
      .selectFrom('outbox')
      .selectAll()
      .where('enrollment_id', '=', id)
      .where('kind', '=', kind)
      .orderBy('id', 'desc')
      .executeTakeFirstOrThrow(),
  );

describeEachDb("e-mails and the receipt PDF in the person's language", (ctx) => {
  async function sendQuote(lang: string | null) {
    const ts = ctx();
    const rep = ts.client();
    if (lang) rep.headers['accept-language'] = lang;
    await rep.signIn(DEMO.rep.email, DEMO.rep.password);
    const id = await newQuoteEnrollment(rep, { eprocess: 'rep', group_id: 3001, is_smoker: '0' });
    await putInCart(ts, id, PLAN_IDS.dentalEssentials);
    await putInCart(ts, id, PLAN_IDS.termLife100k);
    const form = { name: 'Sam Rivera', email: 'sam.rivera@example.com', message: 'Hola Sam' };
    const preview = await rep.get('/api/v1/get-quote-preview-content', { enrollment_id: id, ...form, tab: 'cart_info', type: 'preview' });
    const sent = await rep.post('/api/v1/save-enrollment', { enrollment_id: id, ...form, tab: 'cart_info', data: {} });
    expect(sent.status).toBe(200);
    const site = (await rep.get('/api/v1/site')).body.data;
    return {
      mail: await outbox(ts, id, 'quote'),
      preview: preview.body.data.content as string,
      siteName: String(site.name ?? site.site_name ?? ''),
    };
  }

  it('mails the quote in Spanish to a rep using the store in Spanish (the preview too), and in English word for word otherwise', async () => {
    const es = await sendQuote(SPANISH);
    expect(es.mail.subject).toMatch(/^Su cotización personalizada de \S/);
    expect(es.mail.html).toBe(es.preview);
    expect(es.mail.text.split('\n')).toEqual(
      expect.arrayContaining([
        'Estimado(a) Sam Rivera:',
        'Estos son los planes seleccionados para usted:',
        'Las cotizaciones, precios y/o tarifas mostrados incluyen un 3% de cargos administrativos.',
      ]),
    );
    expect(es.mail.text).toMatch(/^Costo total del primer mes: \$\d/m);
    expect(es.mail.text).toMatch(/^Costo mensual recurrente: \$\d/m);
    expect(es.mail.html).toContain('>Precio mensual</th>');
    expect(es.mail.text).not.toContain('Dear');

    const en = await sendQuote(null);
    expect(en.mail.subject).toMatch(/^Your personalized quote from \S/);
    expect(en.mail.subject.slice('Your personalized quote from '.length)).toBe(
      es.mail.subject.slice('Su cotización personalizada de '.length),
    );
    expect(en.mail.text.split('\n')).toEqual(
      expect.arrayContaining(['Dear Sam Rivera,', 'Here are the plans selected for you:', TEXT.PRUDENTIAL_FEE]),
    );
    expect(en.mail.text).toMatch(new RegExp(`^${TEXT.FIRST_MONTH_TOTAL_COST}: \\$\\d`, 'm'));
    expect(en.mail.html).toContain('>Monthly price</th>');
    // A browser's Spanish as a second choice does not make the mail Spanish.
    expect((await sendQuote('en-US,en;q=0.9,es;q=0.8')).mail.subject).toMatch(/^Your personalized quote from /);
  });

  async function saveLater(c: TestClient, email: string) {
    const id = await newEnrollment(ctx(), c);
    await c.post('/api/v1/save-personal-info', { enrollment_id: id, ...PERSONAL });
    const r = await c.post('/api/v1/save-enrollment', { enrollment_id: id, email, tab: 'contact_info', data: CONTACT });
    expect(r.status).toBe(200);
    expect(r.body.data.message).toBe(TEXT.INFORMATION_SAVED);
    return { id, mail: await outbox(ctx(), id, 'enrollment-code') };
  }

  it('mails the enrollment code of Save & Continue Later in Spanish, and in English exactly as before', async () => {
    const c = ctx().client();
    c.headers['accept-language'] = SPANISH;
    const es = await saveLater(c, 'ana.luego@example.org');
    const code = /Código de inscripción: ([A-Z0-9]+)/.exec(es.mail.text)![1];
    const link = /(http\S+\/direct-continue\/\S+)/.exec(es.mail.text)![1];
    const origin = link.slice(0, link.indexOf('/direct-continue/'));
    expect(es.mail.subject).toBe('Su código de inscripción');
    expect(es.mail.text).toBe(
      `Su inscripción ha sido guardada.\n\nCódigo de inscripción: ${code}\n\nContinúe en ${origin}/continue-enrollment con este código y esta dirección de correo electrónico, o abra:\n${link}\n\nEl código y el enlace vencen en 7 días.`,
    );
    expect(es.mail.html).toContain('<a href="' + link + '">continúe directamente</a>');
    expect((await ctx().db.selectFrom('enrollments').select('mail_lang').where('id', '=', es.id).executeTakeFirstOrThrow()).mail_lang).toBe(
      'es',
    );
    // The link of the Spanish mail opens the enrollment in another browser.
    const other = ctx().client();
    expect((await other.get(`/api/v1/direct-continue/${link.split('/').at(-2)}`)).body.data.enrollment_id).toBe(es.id);

    const en = await saveLater(ctx().client(), 'ann.later@example.org');
    const enCode = /Enrollment code: ([A-Z0-9]+)/.exec(en.mail.text)![1];
    const enLink = /(http\S+\/direct-continue\/\S+)/.exec(en.mail.text)![1];
    expect(en.mail.subject).toBe('Your enrollment code');
    expect(en.mail.text).toBe(
      `Your enrollment has been saved.\n\nEnrollment code: ${enCode}\n\nContinue at ${origin}/continue-enrollment with this code and this e-mail address, or open:\n${enLink}\n\nThe code and the link expire in 7 days.`,
    );
    expect(en.mail.html).toBe(
      `<p>Your enrollment has been saved.</p><p>Enrollment code: <strong>${enCode}</strong></p><p>Continue at <a href="${origin}/continue-enrollment">${origin}/continue-enrollment</a> with this code and this e-mail address, or <a href="${enLink}">continue directly</a>.</p><p>The code and the link expire in 7 days.</p>`,
    );
  });

  async function completed(lang: string | null) {
    const ts = ctx();
    const c = ts.client();
    if (lang) c.headers['accept-language'] = lang;
    const id = await enrollmentAtStepFive(ts, c);
    await finish(c, id, () => enrollWith(c, id, CARD));
    const e = await ts.db.selectFrom('enrollments').selectAll().where('id', '=', id).executeTakeFirstOrThrow();
    expect(e.status).toBe('completed');
    const mail = await outbox(ts, id, 'enrollment-receipt');
    const media = await ts.db.selectFrom('media').select('data').where('id', '=', mail.attachments[0].mediaId).executeTakeFirstOrThrow();
    // Kept sealed (issue 34): opened as the mail sender opens it.
    const plain = openPrivateMedia(ts.app.sealer, mail.attachments[0].mediaId, media.data);
    return { number: e.confirmation_number!, mail, pdf: await pdfText(new Uint8Array(plain)) };
  }

  it('mails the receipt and writes the receipt PDF in Spanish when the last step is saved in Spanish; English unchanged', async () => {
    const es = await completed(SPANISH);
    expect(es.mail.subject).toBe(`Recibo de inscripción ${es.number}`);
    expect(es.mail.text).toContain('Estimado(a) Dana Whitfield, gracias por su inscripción.');
    expect(es.mail.text).toContain(`Su número de confirmación es ${es.number}.`);
    expect(es.mail.text).toContain('Adjuntamos su Recibo de inscripción.');
    const esLines = es.pdf.split('\n');
    expect(esLines).toEqual(
      expect.arrayContaining([
        'Recibo de inscripción',
        'Estimado(a) Dana Whitfield, gracias por su inscripción.',
        `Número de confirmación: ${es.number}`,
        'Planes',
        'Conserve este recibo para sus registros. Los documentos de su plan le llegarán por correo electrónico.',
      ]),
    );
    expect(es.pdf).toMatch(/^Costo total del primer mes: \$\d/m);
    expect(es.pdf).toMatch(/^Pago: Tarjeta \S+ terminada en 4242$/m);
    expect(es.pdf).toMatch(/^Completada el: \d{2}\/\d{2}\/\d{4}$/m);
    expect(es.pdf).not.toContain('Thank you');

    const en = await completed(null);
    expect(en.mail.subject).toBe(`${TEXT.ENROLLMENT_RECEIPT} ${en.number}`);
    expect(en.mail.text).toContain(`Dear Dana Whitfield, Thank you for your enrollment.\nYour confirmation number is ${en.number}.`);
    expect(en.pdf.split('\n')).toEqual(
      expect.arrayContaining([
        TEXT.ENROLLMENT_RECEIPT,
        'Dear Dana Whitfield, Thank you for your enrollment.',
        `Confirmation number: ${en.number}`,
        'Plans',
        'Keep this receipt for your records. Your plan documents follow by e-mail.',
      ]),
    );
    expect(en.pdf).toMatch(/^First Month Total Cost: \$\d/m);
    expect(en.pdf).toMatch(/^Payment: \S+ card ending 4242$/m);
  });
});
