import {
  ZCreateMemberAccount,
  ZMemberAccountCreated,
  ZMemberAccountLinkSent,
  ZMemberAccountRef,
  ZMemberAccountState,
} from '../member-account.ts';
import { endpoint } from './endpoint.ts';

/** The receipt's way back (decision 2460): the enrollment's own browser only; rate limited by address. */
export const getMemberAccountState = endpoint({
  method: 'GET',
  path: '/api/v1/member-account',
  summary: "Whether a completed enrollment's member can make an account",
  tags: ['member-account'],
  query: ZMemberAccountRef,
  response: ZMemberAccountState,
});

/** Makes the member's account with a password and signs this browser in as the member. */
export const createMemberAccount = endpoint({
  method: 'POST',
  path: '/api/v1/member-account',
  summary: "Create the member's account after enrolling",
  tags: ['member-account'],
  body: ZCreateMemberAccount,
  response: ZMemberAccountCreated,
});

/** Makes the member's account without a password and mails a one-time sign-in link to the member's e-mail. */
export const mailMemberSignInLink = endpoint({
  method: 'POST',
  path: '/api/v1/member-account/link',
  summary: 'Mail the member a one-time sign-in link after enrolling',
  tags: ['member-account'],
  body: ZMemberAccountRef,
  response: ZMemberAccountLinkSent,
});
