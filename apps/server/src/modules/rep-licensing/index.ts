/** Rep licensing's front door (issue 39): the license check of a rep's quote, and the rep as the 834's broker. */
export { assertRepLicensed, producerFor834 } from './service.ts';
/** Appointments narrow the plans a rep offers (decision 2640). */
export { appointedCarriers, appointedCarriersNow, appointEveryActiveRep, assertRepAppointed } from './appointments.ts';
/** The rep checked again at an enrollment's completion: license and appointments (decision 2640, amended). */
export { assertRepMayComplete } from './completion.ts';
