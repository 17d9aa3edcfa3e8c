/** The review's sections and rows live in packages/domain (the signed application prints the same; issue 22). */
export * from '@store/domain/review-rows';
