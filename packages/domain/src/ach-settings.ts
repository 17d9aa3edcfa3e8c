import { z } from 'zod';
import { abaValid } from './validation.ts';

/**
 * The operator's NACHA settings (issue 36): who originates the day's debit file (the company as the bank knows it),
 * which bank takes it (the ODFI), and how it gets there (the folder or the bank's SFTP server). The SFTP password
 * or key is written, never read back: blank keeps the one on file.
 */
export const ACH_SETTINGS_TEXT = {
  ODFI_ROUTING: "Enter the bank's 9-digit ABA routing number.",
  ODFI_NAME: "Enter the bank's name (1 to 23 letters, digits or spaces).",
  COMPANY_NAME: 'Enter the company name the bank knows (1 to 16 letters, digits or spaces).',
  COMPANY_ID: 'Enter the 10-character company identification the bank gave (often 1 and the EIN).',
  SFTP_HOST: "Enter the bank's SFTP host name.",
  SFTP_PORT: 'Enter a port from 1 to 65535.',
  SFTP_USERNAME: 'Enter the SFTP user name.',
  SFTP_DIR: 'Enter the folder on the server, starting with /.',
  SFTP_SECRET: 'Enter the SFTP password or private key: none is on file.',
  SAVED: 'Bank file settings saved.',
} as const;

/** Letters, digits, spaces and the few marks NACHA's alphameric fields take well (upper-cased in the file). */
const alnum = /^[A-Za-z0-9 .,&'-]+$/;

export const ZAchSettings = z
  .object({
    odfi_routing: z
      .string()
      .trim()
      .refine((v) => abaValid(v), { error: ACH_SETTINGS_TEXT.ODFI_ROUTING }),
    odfi_name: z
      .string()
      .trim()
      .min(1, ACH_SETTINGS_TEXT.ODFI_NAME)
      .max(23, ACH_SETTINGS_TEXT.ODFI_NAME)
      .regex(alnum, ACH_SETTINGS_TEXT.ODFI_NAME),
    company_name: z
      .string()
      .trim()
      .min(1, ACH_SETTINGS_TEXT.COMPANY_NAME)
      .max(16, ACH_SETTINGS_TEXT.COMPANY_NAME)
      .regex(alnum, ACH_SETTINGS_TEXT.COMPANY_NAME),
    company_id: z
      .string()
      .trim()
      .regex(/^[A-Za-z0-9]{10}$/, ACH_SETTINGS_TEXT.COMPANY_ID),
    delivery_method: z.enum(['folder', 'sftp']),
    sftp_host: z.string().trim().max(253).default(''),
    sftp_port: z.coerce
      .number()
      .int(ACH_SETTINGS_TEXT.SFTP_PORT)
      .min(1, ACH_SETTINGS_TEXT.SFTP_PORT)
      .max(65535, ACH_SETTINGS_TEXT.SFTP_PORT),
    sftp_username: z.string().trim().max(100).default(''),
    sftp_remote_dir: z.string().trim().max(500).default('/'),
    sftp_host_key: z.string().trim().max(2000).default(''),
    /** Written only: blank keeps the secret on file. */
    sftp_password: z.string().max(4000).default(''),
  })
  .superRefine((v, ctx) => {
    if (v.delivery_method !== 'sftp') return;
    if (!/^[A-Za-z0-9.-]+$/.test(v.sftp_host)) ctx.addIssue({ code: 'custom', path: ['sftp_host'], message: ACH_SETTINGS_TEXT.SFTP_HOST });
    if (!v.sftp_username) ctx.addIssue({ code: 'custom', path: ['sftp_username'], message: ACH_SETTINGS_TEXT.SFTP_USERNAME });
    if (!v.sftp_remote_dir.startsWith('/'))
      ctx.addIssue({ code: 'custom', path: ['sftp_remote_dir'], message: ACH_SETTINGS_TEXT.SFTP_DIR });
  });
export type TAchSettingsIn = z.input<typeof ZAchSettings>;
export type TAchSettings = z.output<typeof ZAchSettings>;

/** What the console reads back: the settings, the secret only said to be on file or not. */
export const ZAchSettingsView = z.object({
  odfi_routing: z.string(),
  odfi_name: z.string(),
  company_name: z.string(),
  company_id: z.string(),
  delivery_method: z.enum(['folder', 'sftp']),
  sftp_host: z.string(),
  sftp_port: z.number().int(),
  sftp_username: z.string(),
  sftp_remote_dir: z.string(),
  sftp_host_key: z.string(),
  sftp_secret_on_file: z.boolean(),
});
export type TAchSettingsView = z.infer<typeof ZAchSettingsView>;
