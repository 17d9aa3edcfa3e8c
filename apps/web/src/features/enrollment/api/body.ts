import type { z } from 'zod';
import type { Endpoint } from '@store/domain/contract/endpoint';

/**
 * What a step sends: its form's values (already checked by the step's zod schema, or built from the server's own
 * answers) typed as the endpoint's body; the server validates it again.
 */
export type BodyOf<E extends Endpoint> = E['body'] extends z.ZodType ? z.input<E['body']> : never;
/** What a step's form gives: the body without the enrollment id the api function adds. */
export type StepBodyOf<E extends Endpoint> = Omit<BodyOf<E>, 'enrollment_id'>;
