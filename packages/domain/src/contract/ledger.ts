import { z } from 'zod';
import { page } from '../admin.ts';
import {
  ZAchFileList,
  ZAchSettingsForm,
  ZLedgerAnswer,
  ZLedgerQuery,
  ZMemberPayments,
  ZPaymentAuthentication,
  ZPaymentRef,
  ZRefundAnswer,
  ZRefundRequest,
  ZRepStandingQuery,
  ZRepStandingRow,
} from '../ledger.ts';
import { ZAchSettings, ZAchSettingsView } from '../ach-settings.ts';
import { endpoint } from './endpoint.ts';

/** Issue 36: the ledger's readers. The schemas live in ../ledger.ts (the web imports them from there). */
export * from '../ledger.ts';

/** The signed-in member's payments: what was paid, what is due next and when, a failed payment and how to fix it. */
export const getMemberPayments = endpoint({
  method: 'GET',
  path: '/api/v1/member-home/payments',
  summary: "Get the signed-in member's payments",
  tags: ['member-home'],
  response: ZMemberPayments,
});

/** A payment of the signed-in member waiting for their bank's confirmation (3-D Secure): what Stripe.js needs. */
export const getPaymentAuthentication = endpoint({
  method: 'GET',
  path: '/api/v1/member-home/payments/:payment_id/authentication',
  summary: "Get what the browser needs to confirm a member's payment with their bank",
  tags: ['member-home'],
  params: ZPaymentRef,
  response: ZPaymentAuthentication,
});

/** The member confirmed it in the browser: the store checks the PaymentIntent with Stripe and records it paid once. */
export const confirmPaymentAuthentication = endpoint({
  method: 'POST',
  path: '/api/v1/member-home/payments/:payment_id/authentication',
  summary: "Record a member's payment confirmed with their bank",
  tags: ['member-home'],
  params: ZPaymentRef,
  response: z.object({ status: z.literal('paid') }),
});

/** The signed-in rep's clients' payment standing (current, retrying, in grace, ended). */
export const getRepPaymentStanding = endpoint({
  method: 'GET',
  path: '/api/v1/rep-home/payment-standing',
  summary: "Get the rep's clients' payment standing",
  tags: ['rep-home'],
  query: ZRepStandingQuery,
  response: page(ZRepStandingRow),
});

/** The ledger by enrollment (confirmation), member or day, with the totals by card, EFT and list bill. */
export const getLedger = endpoint({
  method: 'GET',
  path: '/api/admin/ledger',
  summary: 'Read the ledger by confirmation number, member or day',
  tags: ['admin'],
  query: ZLedgerQuery,
  response: ZLedgerAnswer,
});

/** The same rows as CSV (text/csv, every row). */
export const exportLedger = endpoint({
  method: 'GET',
  path: '/api/admin/ledger.csv',
  summary: 'Export the ledger as CSV',
  tags: ['admin'],
  query: ZLedgerQuery,
});

/** A refund of a card payment (a fresh second factor; never more than was paid; a new ledger row; audited). */
export const refundPayment = endpoint({
  method: 'POST',
  path: '/api/admin/ledger/refunds',
  summary: 'Refund a card payment',
  tags: ['admin'],
  body: ZRefundRequest,
  response: ZRefundAnswer,
});

const ZAchParams = z.object({ id: z.coerce.number().int().positive().max(2_147_483_647) });

/** The day's NACHA files with their totals, newest first. */
export const listAchFiles = endpoint({
  method: 'GET',
  path: '/api/admin/ach-files',
  summary: 'List the NACHA files of bank debits',
  tags: ['admin'],
  response: ZAchFileList,
});

/** A NACHA file's text (text/plain; a fresh second factor: account numbers are in clear; the download is audited). */
export const getAchFile = endpoint({
  method: 'GET',
  path: '/api/admin/ach-files/:id',
  summary: "Download a NACHA file's text",
  tags: ['admin'],
  params: ZAchParams,
});

/** How many days a NACHA file is kept before it is deleted (an operator setting; audited). */
export const saveAchRetention = endpoint({
  method: 'PUT',
  path: '/api/admin/ach-settings/retention',
  summary: 'Set the retention of NACHA files',
  tags: ['admin'],
  body: ZAchSettingsForm,
  response: z.object({ retention_days: z.number().int() }),
});

/** The NACHA file's originator, bank and delivery (issue 36): read back without the SFTP secret. */
export const getAchSettings = endpoint({
  method: 'GET',
  path: '/api/admin/ach-settings',
  summary: 'Get the NACHA file settings',
  tags: ['admin'],
  response: ZAchSettingsView,
});
/** Saved with the operator's fresh second factor (where the bank debits go); audited without the secret. */
export const saveAchSettings = endpoint({
  method: 'PUT',
  path: '/api/admin/ach-settings',
  summary: 'Save the NACHA file settings',
  tags: ['admin'],
  body: ZAchSettings,
  response: ZAchSettingsView,
});

/** The ledger's hash chain checked (issue 36, migration 2510): how many rows, and any changed, removed or unchained. */
export const verifyLedger = endpoint({
  method: 'GET',
  path: '/api/admin/ledger/chain',
  summary: "Check the ledger's hash chain",
  tags: ['admin'],
  response: z.object({
    rows: z.number().int(),
    problems: z.array(
      z.object({
        chain_seq: z.number().nullable(),
        id: z.number().nullable(),
        problem: z.enum(['changed', 'missing-before', 'not-chained']),
      }),
    ),
  }),
});
