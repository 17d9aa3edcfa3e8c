/**
 * Why the application asks each sensitive field and how the store keeps it (issue 37, decision 2540): one line
 * beside the field on the personal and contact steps (their chunk carries this file: keep it short), and the /privacy
 * page (privacy-page.ts) that says the store's practices in full.
 * Every sentence states what the store does (SECURITY.md, decisions 2300, 2310, 2320); change them together.
 */
export const WHY_ASKED = {
  ssn: 'Carriers identify you by it to issue your coverage. It is encrypted when stored and shown back only as its last four digits.',
  birthdate: 'Your age sets your price and which plans you can choose.',
  gender: 'Some carriers price by it and ask it on their application.',
  body: 'Carriers ask your weight and height on their application; life and income plans use them to decide on it.',
  ethnic_category: 'You may choose Prefer not to say. It never changes your price or which plans you can choose.',
  birth_place: 'Carriers use it to confirm who you are.',
} as const;
export type WhyAskedField = keyof typeof WHY_ASKED;

export const PRIVACY_TEXT = {
  LINK: 'How we protect it',
  /** A locked field of the personal step (gender and date of birth come from the quote and set its price). */
  LOCKED_FROM_QUOTE: 'From your quote, which priced your plans: it cannot be changed here.',
  LOCKED_ON_FILE: 'Already on file: it cannot be changed here.',
  /** The contact step's state, locked once the zip code's look-up found it (enrollment.md 4.4). */
  LOCKED_BY_ZIP: 'Filled in from the zip code: change the zip code to change it.',
  TITLE: 'How we protect your information',
  LEAD: 'What we ask, why we ask it, how we keep it, who can see it and how long we keep it.',
} as const;
