/**
 * A way back after buying (issue 37, decision 2460): at the receipt, the person who just enrolled makes the member
 * account of the e-mail they gave (a password, or a one-time sign-in link by mail) and lands on the member home. Only
 * the browser that completed (or resumed) the enrollment may, and only for its own member.
 */
export const MEMBER_ACCOUNT_TEXT = {
  TITLE: 'Keep a way back to your plans',
  LEAD: 'Create your account to see your plans, ID cards and documents from any device. You sign in with {{email}}.',
  PASSWORD: 'Choose a password',
  /** The same rule as every password of the store (ADMIN_TEXT.PASSWORD_RULE). */
  PASSWORD_RULE: 'Use at least 10 characters.',
  PASSWORD_HINT: 'At least 10 characters; a few unrelated words are easy to remember and hard to guess.',
  CREATE: 'Create my account',
  OR_LINK: 'Rather not keep a password? We can e-mail you a sign-in link.',
  SEND_LINK: 'E-mail me a sign-in link',
  LINK_SENT: 'We sent a sign-in link to {{email}}. It works once, for 15 minutes.',
  CREATED: 'Your account is ready.',
  EXISTS: 'You already have an account. Sign in to see your plans.',
  NO_EMAIL: 'This enrollment has no e-mail address, so no account can be made for it. Please call us.',
  NOT_COMPLETED: 'Finish your enrollment first.',
  SIGN_IN_TO_SEE: 'Sign in to see your plans and this receipt.',
  LINK_SUBJECT: 'Your sign-in link',
  LINK_BODY: 'Open this link to sign in and see your plans. It works once, for 15 minutes:',
} as const;
