/** The sign-in's front door (decision 2360): the operator's creation, for the operator command (cli/create-operator.ts). */
export { createOperator, type CreatedOperator } from './operator-service.ts';
