import type { TAgentValidation, TGroupValidation } from '@store/domain/storefront';
import { validateAgent, validateGroup } from '@store/domain/contract/storefront';
import { call } from '../../../lib/api-client';

/** null when the code is not found (HTTP 204). */
export async function validateAgentCode(code: string): Promise<TAgentValidation | null> {
  const r = await call(validateAgent, { query: { agent_code: code } });
  return r.statusCode === 204 ? null : r.data;
}
export async function validateGroupCode(code: string): Promise<TGroupValidation | null> {
  const r = await call(validateGroup, { query: { group_code: code } });
  return r.statusCode === 204 ? null : r.data;
}
