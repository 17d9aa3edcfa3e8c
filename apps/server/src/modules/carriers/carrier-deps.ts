import type { Deps } from '../../lib/deps.ts';

/**
 * What the carrier files' services use (decision 2350): the database, the jobs and their clock, the sealer, the settings
 * (drop folder, SFTP) and the log. Routes hand their `deps`; tests may hand the app, which has all of them.
 */
export type CarrierDeps = Pick<Deps, 'db' | 'jobs' | 'sealer' | 'config' | 'log'>;
