import type { FastifyRequest } from 'fastify';
import { TEXT } from '@store/domain/texts';
import { CHARGE_TEXT, ordinalDay } from '@store/domain/charges';
import { CARRIER_REVIEW_TEXT } from '@store/domain/health';

/**
 * The language of what the server writes for a person to read later (e-mails, the receipt PDF), see
 * docs/decisions/0850-reminders-and-mail-language.md. The web app sends the language it shows in
 * Accept-Language; the server keeps it on the enrollment when a step that mails happens. English is the key,
 * word for word as the specification and the English mails have it; Spanish is looked up here.
 */
export type MailLang = 'en' | 'es';
export const MAIL_LANGS = ['en', 'es'] as const;

/**
 * 'es' when the caller's first language (highest q) is Spanish, otherwise 'en'. Browsers send the same few headers
 * over and over (the web app's own fetches send 'en' or 'es'), so the answers are remembered (at most 64 headers), as
 * lib/ready-json.ts does with Accept-Encoding: the plan list reads this on every request.
 */
export function languageOf(acceptLanguage: string | string[] | undefined): MailLang {
  const header = Array.isArray(acceptLanguage) ? acceptLanguage.join(',') : (acceptLanguage ?? '');
  let lang = languages.get(header);
  if (lang === undefined) {
    lang = firstLanguage(header);
    if (languages.size >= 64) languages.clear();
    languages.set(header, lang);
  }
  return lang;
}
const languages = new Map<string, MailLang>();

function firstLanguage(header: string): MailLang {
  let best: { tag: string; q: number } | null = null;
  for (const part of header.slice(0, 200).split(',')) {
    const [tag, ...params] = part.trim().toLowerCase().split(';');
    if (!tag) continue;
    const qParam = params.map((p) => p.trim()).find((p) => p.startsWith('q='));
    const q = qParam ? Number(qParam.slice(2)) : 1;
    if (Number.isFinite(q) && q > 0 && (!best || q > best.q)) best = { tag, q };
  }
  return best && (best.tag === 'es' || best.tag.startsWith('es-')) ? 'es' : 'en';
}

export const requestLanguage = (request: FastifyRequest): MailLang => languageOf(request.headers['accept-language']);

/** A stored language column: anything but 'es' is English. */
export const storedLanguage = (value: string | null | undefined): MailLang => (value === 'es' ? 'es' : 'en');

const ES: Record<string, string> = {
  // The quote (cart/quote-mail.ts)
  'Your personalized quote from {{site}}': 'Su cotización personalizada de {{site}}',
  'Dear {{name}},': 'Estimado(a) {{name}}:',
  'Here are the plans selected for you:': 'Estos son los planes seleccionados para usted:',
  Plan: 'Plan',
  'Monthly price': 'Precio mensual',
  'Effective date: {{date}}': 'Fecha de vigencia: {{date}}',
  'Sent by {{name}}': 'Enviado por {{name}}',
  [TEXT.FIRST_MONTH_TOTAL_COST]: 'Costo total del primer mes',
  [TEXT.RECURRING_MONTHLY_COST]: 'Costo mensual recurrente',
  [TEXT.PRUDENTIAL_FEE]: 'Las cotizaciones, precios y/o tarifas mostrados incluyen un 3% de cargos administrativos.',
  [TEXT.PRUDENTIAL_100K]:
    'Los planes de vida opcionales de 100k a 300k dependen de la aprobación de suscripción médica, requieren prueba de asegurabilidad y no están garantizados; la decisión se toma en un plazo de 5 a 10 días.',
  // Save & Continue Later (enrollment/save-later-routes.ts)
  'Your enrollment code': 'Su código de inscripción',
  'Your enrollment has been saved.': 'Su inscripción ha sido guardada.',
  'Enrollment code: {{code}}': 'Código de inscripción: {{code}}',
  'Continue at {{url}} with this code and this e-mail address, or open:':
    'Continúe en {{url}} con este código y esta dirección de correo electrónico, o abra:',
  'Continue at {{url}} with this code and this e-mail address, or {{link}}.':
    'Continúe en {{url}} con este código y esta dirección de correo electrónico, o {{link}}.',
  'continue directly': 'continúe directamente',
  'The code and the link expire in 7 days.': 'El código y el enlace vencen en 7 días.',
  // Reminders (reminders/reminder-mail.ts)
  'Your enrollment is waiting for you': 'Su inscripción le está esperando',
  'You saved your enrollment but have not finished it yet.': 'Guardó su inscripción pero aún no la ha terminado.',
  'Continue your enrollment': 'Continuar su inscripción',
  'Continue your enrollment: {{link}}': 'Continúe su inscripción: {{link}}',
  'You can also continue at {{url}} with the enrollment code we sent you.':
    'También puede continuar en {{url}} con el código de inscripción que le enviamos.',
  'Do not want these reminders? Unsubscribe: {{link}}': '¿No desea estos recordatorios? Cancele la suscripción: {{link}}',
  'Do not want these reminders?': '¿No desea estos recordatorios?',
  Unsubscribe: 'Cancelar la suscripción',
  // The plans the visitor compared, below the quote (cart/quote-compare-mail.ts)
  'Plans you compared': 'Planes que comparó',
  'First month': 'Primer mes',
  'Yearly cost': 'Costo anual',
  'Annual maximum': 'Máximo anual',
  Deductible: 'Deducible',
  'Not stated': 'No indicado',
  'No price': 'Sin precio',
  'No annual maximum': 'Sin máximo anual',
  None: 'Ninguno',
  // The receipt mail and PDF (enrollment/complete.ts, receipt-pdf.ts)
  [TEXT.ENROLLMENT_RECEIPT]: 'Recibo de inscripción',
  'Dear {{name}}, Thank you for your enrollment.': 'Estimado(a) {{name}}, gracias por su inscripción.',
  'Your confirmation number is {{number}}.': 'Su número de confirmación es {{number}}.',
  'Your {{receipt}} is attached.': 'Adjuntamos su {{receipt}}.',
  [CARRIER_REVIEW_TEXT]:
    'Respondió Sí a una pregunta de salud, así que la aseguradora revisa su solicitud antes de confirmar su cobertura. Le contactará si necesita más información; sus tarjetas de identificación llegan después de su decisión.',
  'Confirmation {{number}}': 'Confirmación {{number}}',
  'Confirmation number: {{number}}': 'Número de confirmación: {{number}}',
  'Completed on: {{date}}': 'Completada el: {{date}}',
  Plans: 'Planes',
  'First Month Total Cost: ${{amount}}': 'Costo total del primer mes: ${{amount}}',
  'Recurring Monthly Cost: ${{amount}}': 'Costo mensual recurrente: ${{amount}}',
  'Payment: {{payment}}': 'Pago: {{payment}}',
  'View your receipt': 'Ver su recibo',
  // What will be charged (packages/domain charges.ts CHARGE_TEXT)
  [CHARGE_TEXT.MEMBERSHIP_LINE]: 'Cuota de membresía de la asociación',
  [CHARGE_TEXT.PER_MONTH]: '${{amount}}/mes',
  [CHARGE_TEXT.ADMIN_FEE_INCLUDED]: 'Incluye ${{amount}} de cargo administrativo (3%)',
  [CHARGE_TEXT.SCHEDULE]: '${{today}} hoy, luego ${{monthly}} el día {{day}} de cada mes',
  [CHARGE_TEXT.SCHEDULE_FROM]: 'El primer cargo mensual es el {{date}}.',
  [CHARGE_TEXT.SCHEDULE_EFT]: '${{today}} debitados a más tardar el {{date}}, luego ${{monthly}} el día {{day}} de cada mes',
  [CHARGE_TEXT.LIST_BILL]: 'Facturado a través de su empleador: hoy no se le cobra nada.',
  // The bill day in the schedule: "28th" in English, "28" in Spanish
  ...Object.fromEntries(Array.from({ length: 31 }, (_, i) => [ordinalDay(i + 1), String(i + 1)])),
  'EFT, {{bank}} account {{account}}': 'EFT, cuenta de {{bank}} {{account}}',
  '{{brand}} card ending {{last4}}': 'Tarjeta {{brand}} terminada en {{last4}}',
  'Billed by list': 'Facturado por lista',
  // Who the receipt covers (enrollment/receipt/covered.ts)
  'Who is covered': 'Personas cubiertas',
  Member: 'Miembro',
  Spouse: 'Cónyuge',
  Child: 'Hijo(a)',
  'Keep this receipt for your records. Your plan documents follow by e-mail.':
    'Conserve este recibo para sus registros. Los documentos de su plan le llegarán por correo electrónico.',
  // Issue 38: a plan waiting for the carrier's decision on its evidence of insurability
  '{{plan}}: Pending evidence of insurability. The carrier usually decides within 5 to 10 days; nothing is charged for it until then.':
    '{{plan}}: pendiente de prueba de asegurabilidad. La aseguradora suele decidir en un plazo de 5 a 10 días; hasta entonces no se le cobra.',
  // Issue 37: the membership picker's fee (get-membership-fees), in the language asked
  'Membership fee {{amount}} per month': 'Cuota de membresía de {{amount}} al mes',
};

/** The text in `lang`, its {{placeholders}} filled in (values are inserted as they are: escape HTML first). */
export function mt(lang: MailLang, english: string, vars: Record<string, string | number> = {}): string {
  const template = lang === 'es' ? (ES[english] ?? english) : english;
  return template.replace(/\{\{\s*(\w+)\s*\}\}/g, (whole, name: string) => (name in vars ? String(vars[name]) : whole));
}

/** Every Spanish text of the catalogue, for the test that each one keeps its placeholders. */
export const MAIL_SPANISH: Readonly<Record<string, string>> = ES;

/** A translator bound to one language. */
export const mailTranslator = (lang: MailLang) => (english: string, vars?: Record<string, string | number>) => mt(lang, english, vars);
