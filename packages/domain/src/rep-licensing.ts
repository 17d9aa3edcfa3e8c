import { STORE_CONTACT } from './consent.ts';
import { US_STATES } from './states.ts';

/** Issue 39: the fixed text a shopper on a rep's page in a state where the rep holds no current license sees. */
export const REP_NOT_LICENSED =
  'This representative is not licensed in {state name}. Call {store phone} to reach a licensed representative.';

/** The fixed text filled in: the state's name and the store's phone. */
export const repNotLicensed = (state: string, phone: string = STORE_CONTACT.phone) =>
  REP_NOT_LICENSED.replace('{state name}', US_STATES.find((s) => s.abbrev === state.toUpperCase())?.name ?? state).replace(
    '{store phone}',
    phone,
  );
