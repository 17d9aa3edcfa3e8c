import type { TAssistAnswer, TAssistGet } from '@store/domain/storefront';
import { assistAdd, assistGet, checkLeadInformation, getLeadInformation } from '@store/domain/contract/storefront';
import { call } from '../../../lib/api-client';
import { deviceId, storage } from '../../../lib/storage';

const webUrl = () => window.location.origin + window.location.pathname;
const agentId = () => storage.get('agent_id') ?? undefined;

export async function checkLead(): Promise<boolean> {
  const r = await call(checkLeadInformation, { query: { device_id: deviceId(), web_url: webUrl(), agent_id: agentId() } });
  return !!r.data?.recorded;
}

export async function storeLead(): Promise<void> {
  await call(getLeadInformation, {
    query: {
      store_information: '1',
      device_id: deviceId(),
      web_url: webUrl(),
      agent_id: agentId(),
      group_id: storage.get('group_id') ?? undefined,
    },
  });
}

export async function fetchChat(): Promise<TAssistGet> {
  return (await call(assistGet, { query: { device_id: deviceId(), agent_id: agentId(), web_url: webUrl() } })).data;
}

export async function sendChatAnswer(questionId: number, answer: string): Promise<TAssistAnswer> {
  return (
    await call(assistAdd, { body: { question_id: questionId, answer, device_id: deviceId(), agent_id: agentId(), web_url: webUrl() } })
  ).data;
}
