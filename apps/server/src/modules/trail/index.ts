/**
 * The trail's front door (decision 2360): the audit trail of an enrollment, beneath every other module. It imports
 * nothing from the other modules; they record and read events only through what is exported here.
 */
export {
  TRAIL_EVENTS,
  GENESIS_HASH,
  canonicalJson,
  sha256,
  eventHash,
  maskDigits,
  maskEmail,
  safeDetail,
  identifiedBy,
  recordEvent,
  checkChain,
  verifyTrail,
  hasEvent,
  latestEvent,
  listEvents,
} from './service.ts';
export type { TrailEvent, TrailProblem, TrailActor, EventRow } from './service.ts';
