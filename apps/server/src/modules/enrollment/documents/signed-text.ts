import type { ConsentLang } from '@store/domain/consent';

/** The fixed texts of the signed application PDF, English and Spanish ({{…}} filled in). */
export const SIGNED_TEXT = {
  TITLE: ['Signed application', 'Solicitud firmada'],
  CONFIRMATION: ['Confirmation number: {{number}}', 'Número de confirmación: {{number}}'],
  SIGNER: ['Signer: {{name}}', 'Firmante: {{name}}'],
  SIGNED_AT: ['Signed at: {{at}} (UTC)', 'Firmado el: {{at}} (UTC)'],
  PLANS: ['Plans: {{plans}}', 'Planes: {{plans}}'],
  ESIGN_AGREED: [
    'Consent given (version {{version}}) at {{at}} from IP {{ip}}.',
    'Consentimiento dado (versión {{version}}) el {{at}} desde la IP {{ip}}.',
  ],
  ESIGN_MISSING: ['No consent on record.', 'Sin consentimiento registrado.'],
  AGREEMENTS: ['Agreements', 'Acuerdos'],
  SIGNATURE: ['Signature', 'Firma'],
  TYPED: ['/s/ {{name}}', '/f/ {{name}}'],
  SIGNED_BY: [
    'Signed by {{name}} ({{method}}) at {{at}} from IP {{ip}}.',
    'Firmado por {{name}} ({{method}}) el {{at}} desde la IP {{ip}}.',
  ],
  AUTHORIZATION: ['Payment authorization', 'Autorización de pago'],
  AUTHORIZED_AT: [
    'Accepted at {{at}} from IP {{ip}}. Text SHA-256: {{hash}}',
    'Aceptada el {{at}} desde la IP {{ip}}. SHA-256 del texto: {{hash}}',
  ],
  CERTIFICATE: ['Certificate of completion', 'Certificado de finalización'],
  CONTENT_HASH: ['SHA-256 of the signed content: {{hash}}', 'SHA-256 del contenido firmado: {{hash}}'],
} as const satisfies Record<string, readonly [string, string]>;

export function signedText(key: keyof typeof SIGNED_TEXT, lang: ConsentLang, vars: Record<string, unknown> = {}): string {
  return SIGNED_TEXT[key][lang === 'es' ? 1 : 0].replace(/\{\{(\w+)\}\}/g, (_m, k: string) => String(vars[k] ?? ''));
}
