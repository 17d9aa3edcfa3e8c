/** The catalog feature's calls, by group (plans-and-cart.md section 7): one import place for its components. */
export { catalogKeys } from './keys';
export * from './plans';
export * from './questions';
export * from './pricing';
export * from './members';
export type { TAflacQuestion } from '@store/domain/catalog';
