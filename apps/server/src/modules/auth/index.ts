/** The sign-in's front door (decision 2360): the second factor, for the operator's creation (cli/create-operator.ts). */
export { enrollSecondFactor, newTotpSecret, otpauthUri } from './second-factor.ts';
