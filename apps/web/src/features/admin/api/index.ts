/** The console's calls, one small file per group (sites, people, plans, records), typed by the contract. */
export * from './sites';
export * from './people';
export * from './plans';
export * from './records';
export * from './rep-licensing';
export { needsSecondFactor, postCheckSecondFactor as checkSecondFactor } from './second-factor';
export * from './renewals';
export * from './commissions';
