import crypto from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import { describe, expect, it } from 'vitest';
import { inEnrollmentTabs } from '../../src/db/sealed-columns.ts';
import { Sealer, parseKeyring } from '../../src/lib/crypto.ts';
import { CarrierFileProblem, dependentsOf, type Enrollment834Row } from '../../src/modules/carriers/enrollment-834.ts';

/** The dependents of an 834 read from the enrollment's step: SSNs opened, never a blank one in place of a stored one. */
const sealer = new Sealer(parseKeyring(`k1:${crypto.randomBytes(32).toString('base64')}`));
const app = { sealer } as unknown as FastifyInstance;
const sam = { dependent_id: 'd1', relationship: 'spouse', first_name: 'Sam', last_name: 'Whitfield', birthdate: '02/02/1984', gender: '0' };
const row = (sealed: string | undefined, id = 'E1'): Enrollment834Row =>
  ({
    id,
    user_id: 1,
    group_id: null,
    effective_date: null,
    completed_at: null,
    tabs: { dependent_info: { dependents: [{ primary_info: sam }], ...(sealed ? { _sealed: sealed } : {}) } },
  }) as unknown as Enrollment834Row;

describe('dependentsOf', () => {
  it("opens each dependent's SSN from the step's sealed part", () => {
    const sealed = sealer.sealJson({ d1: { ssn: '587654321' } }, inEnrollmentTabs('E1'));
    expect(dependentsOf(app, row(sealed))).toEqual([
      {
        relationship: '01',
        firstName: 'Sam',
        middleName: null,
        lastName: 'Whitfield',
        ssn: '587654321',
        birthDate: '1984-02-02',
        gender: 'M',
      },
    ]);
  });

  it('sends no SSN for a dependent the store holds none for', () => {
    expect(dependentsOf(app, row(undefined))[0].ssn).toBeNull();
  });

  it('fails loudly when the sealed SSNs do not open (sealed for another enrollment)', () => {
    const other = sealer.sealJson({ d1: { ssn: '587654321' } }, inEnrollmentTabs('E2'));
    expect(() => dependentsOf(app, row(other))).toThrow(
      new CarrierFileProblem("The dependents' SSNs could not be opened; the file was not sent."),
    );
  });

  it('fails loudly when an SSN is not nine digits', () => {
    const sealed = sealer.sealJson({ d1: { ssn: '98765' } }, inEnrollmentTabs('E1'));
    expect(() => dependentsOf(app, row(sealed))).toThrow('The SSN of the dependent Sam is not nine digits; the file was not sent.');
  });
});
