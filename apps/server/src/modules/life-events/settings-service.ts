import { LIFE_EVENT_TYPES, type TLifeEventType } from '@store/domain/life-events';
import type { TLifeEventSettingRow, TLifeEventSettingsRequest } from '@store/domain/life-event-settings';
import type { Deps } from '../../lib/deps.ts';
import { notFound } from '../../lib/errors.ts';
import * as repo from './repository.ts';

/** The event types the store knows, in the order the member sees them (a row of another type is not shown). */
const rank = (t: string) => LIFE_EVENT_TYPES.indexOf(t as TLifeEventType);
const asRow = (r: { event_type: string; window_days: number; document_retention_days: number }) => r as TLifeEventSettingRow;

/** The operator's settings of every event type (decision 2724). */
export async function lifeEventSettings(db: repo.Db): Promise<TLifeEventSettingRow[]> {
  const rows = await repo.allSettings(db);
  return rows
    .filter((r) => rank(r.event_type) >= 0)
    .sort((a, b) => rank(a.event_type) - rank(b.event_type))
    .map(asRow);
}

/**
 * Saves an event type's window and retention in one transaction with its audit row (the values before and after).
 * The window applies to events reported from now on; the retention to the next daily purge. Unknown type: 404.
 */
export async function saveLifeEventSetting(
  deps: Pick<Deps, 'db'>,
  accountId: number,
  eventType: string,
  body: TLifeEventSettingsRequest,
): Promise<TLifeEventSettingRow> {
  if (rank(eventType) < 0) throw notFound();
  return deps.db.transaction().execute(async (trx) => {
    const before = await repo.lockSetting(trx, eventType);
    if (!before) throw notFound();
    const after = await repo.updateSetting(trx, eventType, {
      window_days: body.window_days,
      document_retention_days: body.document_retention_days,
    });
    await repo.writeAudit(trx, accountId, 'life-event-settings.save', `life_event_settings:${eventType}`, {
      before: { window_days: before.window_days, document_retention_days: before.document_retention_days },
      after: { window_days: after.window_days, document_retention_days: after.document_retention_days },
    });
    return asRow(after);
  });
}
