import { WHY_ASKED } from './privacy.ts';

/**
 * The /privacy page (issue 37, decision 2540): what the application asks and why (the same sentences as beside the
 * fields), how the store keeps it, who can see it and how long it is kept. Every sentence states what the store does
 * (SECURITY.md, decisions 2300, 2310, 2320); change them together.
 */
/** The sections of the /privacy page: a heading and its sentences. */
export const PRIVACY_SECTIONS: readonly { heading: string; lines: readonly string[] }[] = [
  {
    heading: 'What we ask and why',
    lines: [
      'We ask only what the carriers of the plans you chose need to issue and price your coverage, and what we need to bill you.',
      `Social Security number: ${WHY_ASKED.ssn}`,
      `Date of birth: ${WHY_ASKED.birthdate}`,
      `Gender: ${WHY_ASKED.gender}`,
      `Weight and height: ${WHY_ASKED.body}`,
      `Ethnic group: ${WHY_ASKED.ethnic_category}`,
      `Place of birth: ${WHY_ASKED.birth_place}`,
      'Health answers: the carrier reviews them to decide on your application.',
    ],
  },
  {
    heading: 'How we keep it',
    lines: [
      'Social Security numbers, bank account and routing numbers, health answers, signatures, signed applications, receipts and the pictures of each step are encrypted (AES-256-GCM) before they are stored. A copy of the database shows none of them.',
      'Card numbers and security codes go to the payment provider and are not kept: we keep the card brand, its last four digits and its expiry.',
      'Pages and mails show these numbers masked, with their last four digits only. Our logs leave them out.',
      'The files sent to carriers are encrypted too, and travel only over a secure connection to the carrier.',
    ],
  },
  {
    heading: 'Who can see it',
    lines: [
      'You, in the browser you enrolled with or signed in to your member account.',
      'The carrier of each plan you chose, to issue and service your coverage.',
      'A rep or group administrator who makes an enrollment for you sees what is entered while they make it; once it is complete they see only its status. They never see your health answers, documents or payment methods from another enrollment.',
      'Our staff, only after a second sign-in check; each time they open your enrollment it is recorded.',
    ],
  },
  {
    heading: 'How long we keep it',
    lines: [
      'An enrollment left unfinished: its saved code works for 7 days; its signature is deleted after that, the pictures of its steps after 30 days, and the enrollment with its answers 60 days after its last change.',
      'Your signed application, its signature, the receipt and the payment authorizations are kept while your coverage goes on and deleted two years after the last payment.',
      'A file sent to a carrier is deleted 30 days after the carrier accepted it, unless the carrier’s settings keep it longer.',
      'To ask for a paper copy of your records, or anything about your information, write to records@benefitstore.example or call 1-800-555-0142.',
    ],
  },
];
