/** Every endpoint of the operator console (/api/admin), declared once. */
export * from './admin-sites.ts';
export * from './admin-people.ts';
export * from './admin-plans.ts';
export * from './admin-records.ts';
