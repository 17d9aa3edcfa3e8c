import { storage, useStored } from '../../../lib/storage';

/** The visitor's mode as the calls of storefront.md want it (all optional). */
export function useVisitorQuery() {
  return {
    agent_id: useStored('agent_id') ?? undefined,
    group_id: useStored('group_id') ?? undefined,
    portal_id: useStored('portal_id') ?? undefined,
    eprocess: useStored('eprocess') ?? undefined,
    open_type: useStored('open_type') ?? undefined,
  };
}

export type VisitorQuery = ReturnType<typeof useVisitorQuery>;

/** The visitor's mode as stored now (outside React: the start-up seeding of the query cache). */
export const visitorQueryNow = (): VisitorQuery => ({
  agent_id: storage.get('agent_id') ?? undefined,
  group_id: storage.get('group_id') ?? undefined,
  portal_id: storage.get('portal_id') ?? undefined,
  eprocess: storage.get('eprocess') ?? undefined,
  open_type: storage.get('open_type') ?? undefined,
});
