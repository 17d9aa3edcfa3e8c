/** The sign-in's front door (decision 2360): the operator's creation, for the operator command (cli/create-operator.ts). */
export { createOperator, type CreatedOperator } from './operator-service.ts';
/** Who is signed in, as /api/auth/me answers it, for the session's answer (decision 2760). */
export { ANONYMOUS, describeAccount } from './service.ts';
