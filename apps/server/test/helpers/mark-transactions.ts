import type { AsyncLocalStorage } from 'node:async_hooks';
import type { TestStore } from './store.ts';

/**
 * Every transaction of the store's database runs its work inside `inTransaction` (its store `true`): a test can then
 * tell whether something (a PDF's render) happened while a transaction was open (decisions 2610, 2880).
 */
export function markTransactions(ts: TestStore, inTransaction: AsyncLocalStorage<true>) {
  const db = ts.db as unknown as { transaction: () => { execute: (fn: (trx: unknown) => Promise<unknown>) => Promise<unknown> } };
  const transaction = db.transaction.bind(db);
  db.transaction = () => {
    const builder = transaction();
    const execute = builder.execute.bind(builder);
    builder.execute = (fn) => execute((trx) => inTransaction.run(true, () => fn(trx)));
    return builder;
  };
}
