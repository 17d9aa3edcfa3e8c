import { actorOf } from '../../../lib/actor.ts';
import type { FeatureOptions } from '../../../lib/deps.ts';
import type { FastifyPluginAsyncZod } from 'fastify-type-provider-zod';
import { COMPENSATION_TYPES, EMPLOYMENT_STATUSES, HOLIDAY_FLAGS } from '@store/domain/enrollment-employer';
import {
  getAverageWorkWeek,
  getBargainingUnit,
  getCompensationTypes,
  getEmploymentStatus,
  getFormFieldsEmployerInfo,
  getGroupInfo,
  getHolidayPolicy,
  getVacationPolicy,
  saveEmployerInfo,
} from '@store/domain/contract/enrollment';
import { ok } from '../../../lib/http.ts';
import { route } from '../../../lib/route.ts';
import { loadOwnedEnrollment } from '../../../lib/access.ts';
import { employerFieldDefs, groupInfo, saveEmployerStep } from './steps-service.ts';

export const AVERAGE_WORK_WEEKS = [
  { name: 'Less than 20 hours', value: 'L20' },
  { name: '20 to 29 hours', value: '20-29' },
  { name: '30 to 39 hours', value: '30-39' },
  { name: '40 hours or more', value: '40+' },
];
export const VACATION_POLICIES = [
  { name: 'None', value: 'none' },
  { name: '1 week', value: '1w' },
  { name: '2 weeks', value: '2w' },
  { name: '3 weeks', value: '3w' },
  { name: '4 weeks or more', value: '4w+' },
];
export const BARGAINING_UNITS = [
  { name: 'No', value: 'no' },
  { name: 'Yes, union member', value: 'yes' },
];
export const HOLIDAY_POLICIES: { name: string; value: (typeof HOLIDAY_FLAGS)[number] }[] = [
  { name: 'Standard 6 holidays', value: 'Standard_6' },
  { name: "Presidents' Day", value: 'Presendents_Day' },
  { name: 'Columbus Day', value: 'Columbus_Day' },
  { name: 'Religious days', value: 'Religious_Days' },
  { name: 'Birthday', value: 'Birthday' },
  { name: 'Floating day', value: 'Floating_Day' },
];

/** Employer information, its option lists and the group info that prefills it. */
const employerRoutes: FastifyPluginAsyncZod<FeatureOptions> = async (app, { deps }) => {
  route(app, getFormFieldsEmployerInfo, async (request) =>
    ok({ result: employerFieldDefs(await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db)) }),
  );
  route(app, getGroupInfo, async (request) =>
    ok(await groupInfo(deps, await loadOwnedEnrollment(actorOf(request), request.query.enrollment_id, deps.db))),
  );
  const lists = [
    [getAverageWorkWeek, AVERAGE_WORK_WEEKS],
    [getEmploymentStatus, EMPLOYMENT_STATUSES],
    [getCompensationTypes, COMPENSATION_TYPES],
    [getVacationPolicy, VACATION_POLICIES],
    [getBargainingUnit, BARGAINING_UNITS],
    [getHolidayPolicy, HOLIDAY_POLICIES],
  ] as const;
  for (const [e, items] of lists) route(app, e, async () => ok({ result: items.map((i) => ({ name: i.name, value: i.value })) }));
  route(app, saveEmployerInfo, async (request) => {
    const { enrollment_id, ...input } = request.body;
    return ok({ result: await saveEmployerStep(deps, actorOf(request), enrollment_id, input) }, 'Employer information saved');
  });
};
export default employerRoutes;
