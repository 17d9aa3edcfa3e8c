import { z } from 'zod';
import { TEXT } from './texts.ts';
import type { FieldDescriptor } from './contract/enrollment-views.ts';
export type { FieldDescriptor, TAgreementForm } from './contract/enrollment-views.ts';

/** Agreement & Signature (enrollment.md sections 2.10, 4.9, 5). */
export type VerificationMode = 'rep' | 'group' | 'applicant' | 'sigapplicant';

export type AgreementFormFields = Record<string, FieldDescriptor>;

/** In order: agent_name required gives rep; group_name gives group; user_name gives applicant; signature gives sigapplicant. */
export function verificationMode(fields: AgreementFormFields): VerificationMode {
  if (fields.agent_name?.required) return 'rep';
  if (fields.group_name?.required) return 'group';
  if (fields.user_name?.required) return 'applicant';
  return 'sigapplicant';
}

export const verificationTitle = (mode: VerificationMode) =>
  mode === 'rep' ? TEXT.BROKER_VERIFICATION : mode === 'group' ? TEXT.GROUP_VERIFICATION : TEXT.APPLICANT_VERIFICATION;

export const AGREEMENT_TEXTS: { text_head: string; text_body: string; text_required: boolean }[] = [
  {
    text_head: 'Application and Authorization',
    text_body:
      'I have read this application and the answers are true and complete to the best of my knowledge. I authorize the plans I selected to enroll me and the dependents listed, and I understand that coverage begins on the effective date shown once the first premium is paid.',
    text_required: true,
  },
  {
    text_head: 'Electronic Signature and Records',
    text_body:
      'I agree that my signature, drawn or typed, is my legal signature on this application, and that I receive this application, the receipt and notices electronically at the e-mail address I gave.',
    text_required: true,
  },
  {
    text_head: 'Payment Authorization',
    // The order as it is (decision 2530): the review before this signature, the billing step after it.
    text_body:
      'I authorize the premium to be charged each month, until I cancel in writing, by the payment method I give on the Billing Information step that follows this signature, where I also accept the payment authorization and complete my enrollment.',
    text_required: true,
  },
];

/** A PNG data URL of the drawn signature (at most ~1 MB). */
export const ZSignature = z
  .string()
  .max(1_400_000)
  .regex(/^data:image\/png;base64,[A-Za-z0-9+/=]+$/, { error: TEXT.SIGNATURE_REQUIRED });

/**
 * The largest signature image the store takes, in pixels (issue 34): the drawn pad is as wide as the form (at most
 * 1120 CSS px) and 160 px high, times the screen's pixel ratio (4 on the densest phones, more with the browser zoomed,
 * when the form gets narrower); a typed signature is 600 x 160. The signed application decodes the image whole, so a
 * small file declaring a huge one is refused when saved.
 */
export const SIGNATURE_MAX_WIDTH = 6000;
export const SIGNATURE_MAX_HEIGHT = 1600;
export const SIGNATURE_IMAGE_TOO_LARGE = 'The signature image is too large. Clear it and sign again.';

/** How the signature image was made: drawn on the pad, or a typed name rendered as a signature. */
export const SIGNATURE_METHODS = ['drawn', 'typed'] as const;
export type SignatureMethod = (typeof SIGNATURE_METHODS)[number];
export const TYPED_NAME_MAX = 100;
export const TYPED_NAME_REQUIRED = 'Type your full name to sign';

export const ZSaveAgreementRequest = z.object({
  enrollment_id: z.string().trim().min(1).max(64),
  eprocess: z.string().max(20).optional(),
  question_id: z.union([z.string(), z.number()]).optional(),
  question: z.string().max(500).optional(),
  answer: z.string().trim().max(200).optional(),
  verification_code: z.string().max(100).optional(),
  date: z.string().max(20).optional(),
  agent_name: z.string().max(200).optional(),
  agent_code: z.string().max(50).optional(),
  group_name: z.string().max(200).optional(),
  group_code: z.string().max(50).optional(),
  user_name: z.string().max(200).optional(),
  signature: ZSignature.optional(),
  /** How the signature was made (drawn when absent); a typed one carries the name that was typed. */
  signature_method: z.enum(SIGNATURE_METHODS).optional(),
  typed_name: z.string().trim().max(TYPED_NAME_MAX).optional(),
  /** Ticks of the agreement texts, in order. */
  agreements: z.array(z.boolean()).max(20).optional(),
});
export type TSaveAgreementRequest = z.infer<typeof ZSaveAgreementRequest>;
