/**
 * The promise's outcome, or a rejection with Error('timeout') after `ms` (an outside system that does not answer: the
 * payment processor's charge, whose outcome is then 'unknown' and settled later through its idempotency key).
 */
export function withTimeout<T>(p: Promise<T>, ms: number): Promise<T> {
  return new Promise((resolve, reject) => {
    const t = setTimeout(() => reject(new Error('timeout')), ms);
    p.then(
      (v) => (clearTimeout(t), resolve(v)),
      (e) => (clearTimeout(t), reject(e as Error)),
    );
  });
}
