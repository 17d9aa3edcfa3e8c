import * as catalog from '@store/domain/contract/catalog';
import { call } from '../../../lib/api-client';

/** The signed-in rep's or group administrator's members, groups and portals. */
export const fetchAgentMembers = async () => (await call(catalog.getAgentMembers, { query: {} })).data.result;
export const fetchGroupUsers = async () => (await call(catalog.getGroupUsers, { query: {} })).data.result;
export const fetchEnrollmentPlatforms = async () => (await call(catalog.getEnrollmentPlatforms, { query: {} })).data.result;
export const fetchAgentGroups = async () => (await call(catalog.getAgentGroups, { query: {} })).data.result;
