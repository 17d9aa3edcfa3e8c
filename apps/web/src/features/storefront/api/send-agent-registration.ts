import type { TAgentRegistrationQuery } from '@store/domain/storefront';
import { agentRegistrationQuery } from '@store/domain/contract/storefront';
import { call } from '../../../lib/api-client';

export async function sendAgentRegistration(body: TAgentRegistrationQuery): Promise<string> {
  const r = await call(agentRegistrationQuery, { body });
  return r.message ?? '';
}
