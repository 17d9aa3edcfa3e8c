import { execFileSync } from 'node:child_process';
import fs from 'node:fs';
import os from 'node:os';
import path from 'node:path';
import pg from 'pg';
import { freePort } from '../../apps/server/test/security/process.ts';

/**
 * A PostgreSQL cluster of the harness's own: initdb into a temporary folder, on a free loopback port, run as the
 * postgres user (initdb and pg_ctl refuse root). Stopping it disturbs no other database of the machine.
 */
export interface OwnPostgres {
  url: string;
  port: number;
  dir: string;
  /** The cluster's data folder (dir/data). */
  data: string;
  /** pg_ctl stop -m fast: every connection is cut, the server is gone until start(). */
  stop(): void;
  start(): void;
  /** pg_terminate_backend of every connection but the caller's; resolves with the number ended. */
  terminateAll(): Promise<number>;
  /** One statement on a connection of its own (the harness's checks). */
  query<R extends pg.QueryResultRow = any>(text: string, values?: unknown[]): Promise<R[]>;
  destroy(): void;
}

export function binary(name: string): string {
  try {
    return execFileSync('sh', ['-c', `command -v ${name}`], { encoding: 'utf8' }).trim();
  } catch {
    const dir = fs.existsSync('/usr/lib/postgresql') ? fs.readdirSync('/usr/lib/postgresql').sort().reverse() : [];
    for (const v of dir) {
      const p = `/usr/lib/postgresql/${v}/bin/${name}`;
      if (fs.existsSync(p)) return p;
    }
    throw new Error(`${name} not found: install PostgreSQL's server binaries (Debian: postgresql)`);
  }
}

/** Runs a PostgreSQL binary as the postgres user when this process is root. */
function asPostgres(bin: string, args: string[]): void {
  const root = process.getuid?.() === 0;
  const [cmd, argv] = root ? ['runuser', ['-u', 'postgres', '--', bin, ...args]] : [bin, args];
  execFileSync(cmd, argv, { stdio: ['ignore', 'ignore', 'pipe'], cwd: os.tmpdir() });
}

/**
 * `from`: the data folder of a stopped cluster to start a copy of (prepared.ts: migrated and seeded once per run),
 * instead of a new one from initdb.
 */
export async function startOwnPostgres(options: { from?: string } = {}): Promise<OwnPostgres> {
  const initdb = binary('initdb');
  const pgCtl = binary('pg_ctl');
  const dir = fs.mkdtempSync(path.join(os.tmpdir(), 'chaos-pg-'));
  const data = path.join(dir, 'data');
  if (process.getuid?.() === 0) execFileSync('chown', ['postgres', dir]);
  if (options.from) execFileSync('cp', ['-a', options.from, data]);
  else asPostgres(initdb, ['-D', data, '-U', 'postgres', '--auth=trust', '-E', 'UTF8', '--no-sync']);
  const port = await freePort();
  const opts = `-p ${port} -k ${dir} -c listen_addresses=127.0.0.1 -c fsync=off -c max_connections=200`;
  const log = path.join(dir, 'server.log');
  const start = () => asPostgres(pgCtl, ['-D', data, '-l', log, '-o', opts, '-w', '-t', '30', 'start']);
  const stop = () => asPostgres(pgCtl, ['-D', data, '-m', 'fast', '-w', 'stop']);
  start();
  const url = `postgres://postgres@127.0.0.1:${port}/postgres`;
  const query = async <R extends pg.QueryResultRow>(text: string, values?: unknown[]) => {
    const c = new pg.Client({ connectionString: url });
    await c.connect();
    try {
      return (await c.query<R>(text, values as never)).rows;
    } finally {
      await c.end();
    }
  };
  return {
    url,
    port,
    dir,
    data,
    stop,
    start,
    query,
    async terminateAll() {
      const rows = await query<{ n: number }>(
        `select count(*)::int as n from (select pg_terminate_backend(pid) from pg_stat_activity
          where pid <> pg_backend_pid() and backend_type = 'client backend') t`,
      );
      return rows[0]?.n ?? 0;
    },
    destroy() {
      try {
        stop();
      } catch {
        /* already stopped */
      }
      fs.rmSync(dir, { recursive: true, force: true });
    },
  };
}
