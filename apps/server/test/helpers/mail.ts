import type { Selectable } from 'kysely';
import type { OutboxTable } from '../../src/db/schema.ts';
import { openMailBody } from '../../src/plugins/mailer.ts';
import type { TestStore } from './store.ts';

/** An outbox row with its sealed html and text opened, as the sender opens them (tests read codes and links from it). */
export function openedMail<R extends Pick<Selectable<OutboxTable>, 'id' | 'html' | 'text'>>(ts: Pick<TestStore, 'app'>, row: R): R {
  return { ...row, ...openMailBody(ts.app.sealer, row) };
}
