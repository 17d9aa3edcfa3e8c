import type { TCoveredPerson } from '@store/domain/receipt';
import type { Enrollment } from '../../../db/schema.ts';
import { readTab } from '../context.ts';

type DependentsTab = { dependents?: { primary_info?: { relationship?: string; first_name?: string; last_name?: string } }[] };

/** Who the enrollment covers, for the receipt page and its PDF (issue 37): the member, then spouse and children. */
export function coveredPeople(e: Pick<Enrollment, 'tabs'>): TCoveredPerson[] {
  const personal = readTab<Record<string, unknown>>(e as Enrollment, 'primary_info') ?? {};
  const name = (first: unknown, last: unknown) =>
    `${typeof first === 'string' ? first : ''} ${typeof last === 'string' ? last : ''}`.trim();
  const out: TCoveredPerson[] = [];
  const member = name(personal.first_name, personal.last_name);
  if (member) out.push({ name: member, relationship: 'member' });
  for (const d of readTab<DependentsTab>(e as Enrollment, 'dependent_info')?.dependents ?? []) {
    const p = d.primary_info ?? {};
    const who = name(p.first_name, p.last_name);
    if (who) out.push({ name: who, relationship: p.relationship === 'spouse' ? 'spouse' : 'child' });
  }
  return out;
}

/** The relationship as the receipt words it. */
export const RELATIONSHIP_WORDS = { member: 'Member', spouse: 'Spouse', child: 'Child' } as const;
