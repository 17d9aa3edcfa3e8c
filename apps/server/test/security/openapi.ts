import { sql, type Kysely } from 'kysely';
import type { TestClient } from '../helpers/client.ts';

/**
 * The published HTTP contract (GET /api/openapi.json) read as a list of operations, so that attack tests cover
 * every route, including routes that land after the tests were written.
 */
export interface JsonSchema {
  type?: string | string[];
  enum?: unknown[];
  const?: unknown;
  properties?: Record<string, JsonSchema>;
  required?: string[];
  items?: JsonSchema;
  anyOf?: JsonSchema[];
  oneOf?: JsonSchema[];
  allOf?: JsonSchema[];
  minLength?: number;
  maxLength?: number;
  minimum?: number;
  maximum?: number;
  minItems?: number;
  pattern?: string;
  format?: string;
  default?: unknown;
  [k: string]: unknown;
}

export interface Param {
  name: string;
  in: 'path' | 'query' | 'header' | 'cookie';
  required?: boolean;
  schema: JsonSchema;
}

export interface Operation {
  method: string;
  /** OpenAPI form: /api/v1/change-filter-info/{tempId} */
  path: string;
  params: Param[];
  body?: JsonSchema;
}

export async function loadOperations(client: TestClient): Promise<Operation[]> {
  const r = await client.get('/api/openapi.json');
  if (r.status !== 200) throw new Error(`openapi.json: ${r.status}`);
  const ops: Operation[] = [];
  for (const [path, methods] of Object.entries(r.body.paths as Record<string, Record<string, any>>)) {
    for (const [method, op] of Object.entries(methods)) {
      if (!['get', 'post', 'put', 'patch', 'delete'].includes(method)) continue;
      ops.push({
        method: method.toUpperCase(),
        path,
        params: (op.parameters ?? []) as Param[],
        body: op.requestBody?.content?.['application/json']?.schema as JsonSchema | undefined,
      });
    }
  }
  return ops;
}

/** Parameter and body field names that carry an enrollment (tempId) on the wire. */
export const ENROLLMENT_PARAM = /^(tempId|temp_id|temp_enrollment_id|enrollment_id|enrollmentId|enrollment|id)$/i;

const KNOWN: Record<string, unknown> = {
  zip: '10001',
  zip_code: '10001',
  dob: '01/15/1985',
  gender: '1',
  tier: 'IF',
  email: 'b.outsider@example.com',
  phone: '5555550123',
  state: 'NY',
  city: 'New York',
  first_name: 'Bea',
  last_name: 'Outsider',
  name: 'step-1',
  ssn: '123-45-6789',
  image: 'data:image/png;base64,iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
};

/** A plausible, usually valid value for a schema (enough to get past validation to the access check). */
export function sampleValue(schema: JsonSchema | undefined, name = '', depth = 0): unknown {
  if (!schema || depth > 6) return 'x';
  if (schema.const !== undefined) return schema.const;
  if (schema.enum?.length) return schema.enum.find((v) => v !== '' && v !== null) ?? schema.enum[0];
  const alt = schema.anyOf ?? schema.oneOf;
  if (alt?.length) return sampleValue(alt.find((s) => s.type !== 'null') ?? alt[0], name, depth + 1);
  if (schema.allOf?.length) return sampleValue(Object.assign({}, ...schema.allOf), name, depth + 1);
  const type = Array.isArray(schema.type) ? schema.type.find((t) => t !== 'null') : schema.type;
  if (name in KNOWN && (type === 'string' || type === undefined)) return KNOWN[name];
  switch (type) {
    case 'integer':
    case 'number':
      return Math.max(1, Math.ceil(Number(schema.minimum ?? 1)));
    case 'boolean':
      return true;
    case 'array':
      return Array.from({ length: Math.max(1, schema.minItems ?? 1) }, () => sampleValue(schema.items, name, depth + 1));
    case 'object': {
      const out: Record<string, unknown> = {};
      for (const [k, s] of Object.entries(schema.properties ?? {})) out[k] = sampleValue(s, k, depth + 1);
      return out;
    }
    default: {
      if (schema.format === 'email') return KNOWN.email;
      if (schema.pattern === '^\\d{5}$') return '10001';
      if (schema.pattern && /\\d/.test(schema.pattern) && !/[a-z]/i.test(schema.pattern.replace(/\\d/g, '')))
        return '1'.repeat(Math.max(1, schema.minLength ?? 1));
      const base = 'sample';
      return base.length >= (schema.minLength ?? 0) ? base.slice(0, schema.maxLength ?? base.length) : base.padEnd(schema.minLength!, 'x');
    }
  }
}

export interface BuiltRequest {
  method: string;
  path: string;
  query: Record<string, unknown>;
  body?: unknown;
}

/**
 * A request for an operation: `pick(name, schema)` may return a value for a parameter or top-level body field
 * (undefined: a sample value is used).
 */
export function buildRequest(op: Operation, pick: (name: string, schema: JsonSchema) => unknown = () => undefined): BuiltRequest {
  let path = op.path;
  const query: Record<string, unknown> = {};
  for (const p of op.params) {
    const v = pick(p.name, p.schema) ?? sampleValue(p.schema, p.name);
    if (p.in === 'path')
      path = path.replace(`{${p.name}}`, encodeURIComponent(typeof v === 'object' && v !== null ? JSON.stringify(v) : String(v)));
    else if (p.in === 'query') query[p.name] = Array.isArray(v) ? v.join(',') : v;
  }
  path = path.replace(/\{(\w+)\}/g, (_m, n: string) => encodeURIComponent(String(pick(n, { type: 'string' }) ?? '1')));
  let body: unknown;
  if (op.body) {
    const b: Record<string, unknown> = {};
    for (const [k, s] of Object.entries(op.body.properties ?? {})) b[k] = pick(k, s) ?? sampleValue(s, k);
    body = op.body.type === 'object' || op.body.properties ? b : sampleValue(op.body);
  } else if (op.method !== 'GET') body = {};
  return { method: op.method, path, query, body };
}

/** Names of an operation's inputs (parameters and top-level body fields). */
export function inputNames(op: Operation): string[] {
  return [
    ...op.params.map((p) => p.name),
    ...Object.keys(op.body?.properties ?? {}),
    ...[...op.path.matchAll(/\{(\w+)\}/g)].map((m) => m[1]),
  ];
}

export const takesEnrollment = (op: Operation) => inputNames(op).some((n) => ENROLLMENT_PARAM.test(n));

/** Tables whose rows change with every request (sessions, counters, the audit trail) and are left out of checksums. */
export const VOLATILE_TABLES = ['rate_limits', 'sessions', 'audit_log', 'sign_in_failures'];

export async function tableNames(db: Kysely<any>): Promise<string[]> {
  const r = await sql<{ table_name: string }>`
    select table_name from information_schema.tables
    where table_schema = current_schema() and table_type = 'BASE TABLE' order by table_name`.execute(db);
  return r.rows.map((x) => x.table_name);
}

/** Every row of every table as JSON text. */
export async function dumpTables(db: Kysely<any>, exclude: string[] = []): Promise<Map<string, string[]>> {
  const out = new Map<string, string[]>();
  for (const t of await tableNames(db)) {
    if (exclude.includes(t)) continue;
    const r = await sql<{ j: string }>`select row_to_json(t)::text as j from ${sql.table(t)} t`.execute(db);
    out.set(t, r.rows.map((x) => x.j).sort());
  }
  return out;
}

/** A checksum per table of all rows (volatile tables left out): equal before and after means nothing changed. */
export async function tableChecksums(db: Kysely<any>, exclude: string[] = VOLATILE_TABLES): Promise<Record<string, string>> {
  const out: Record<string, string> = {};
  for (const t of await tableNames(db)) {
    if (exclude.includes(t)) continue;
    const r = await sql<{ h: string | null; n: number }>`
      select md5(coalesce(string_agg(row_to_json(t)::text, '|' order by row_to_json(t)::text), '')) as h, count(*)::int as n
      from ${sql.table(t)} t`.execute(db);
    out[t] = `${r.rows[0].n}:${r.rows[0].h}`;
  }
  return out;
}
