/**
 * The words of the wizard's last button, the billing step's (decision 2531): what it does and what it costs, instead
 * of the specification's 'Next'. `{{amount}}` is the first payment in dollars (chargeSummary's initial), filled by the
 * page's translation.
 */
export const ENROLL_BUTTON_TEXT = {
  CARD: 'Enroll and pay ${{amount}} today',
  EFT: 'Enroll and authorize the ${{amount}} debit',
  /** A list bill or statement (the group's invoice), or nothing due today. */
  NO_CHARGE: 'Enroll (nothing is charged today)',
} as const;

/** The billing step's last button for the method chosen and the first payment (dollars as text, 12.34). */
export function enrollButtonText(method: string | null, initial: string): { text: string; amount: string } {
  const due = Number(initial) > 0;
  if (due && method === 'cc') return { text: ENROLL_BUTTON_TEXT.CARD, amount: initial };
  if (due && method === 'eft') return { text: ENROLL_BUTTON_TEXT.EFT, amount: initial };
  return { text: ENROLL_BUTTON_TEXT.NO_CHARGE, amount: initial };
}
