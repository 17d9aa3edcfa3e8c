// ESLint flat config: typescript-eslint, React hooks, and the import boundaries that keep the layout honest.
// Why these rules: docs/decisions/1150-lint-and-format.md (SQL only in repositories: 2100-sql-in-repositories.md).
import fs from 'node:fs';
import path from 'node:path';
import { fileURLToPath } from 'node:url';
import js from '@eslint/js';
import tseslint from 'typescript-eslint';
import reactHooks from 'eslint-plugin-react-hooks';
import { importX, createNodeResolver } from 'eslint-plugin-import-x';
import globals from 'globals';

const root = path.dirname(fileURLToPath(import.meta.url));
const dirs = (dir) =>
  fs
    .readdirSync(path.join(root, dir), { withFileTypes: true })
    .filter((d) => d.isDirectory())
    .map((d) => d.name);

const WEB = 'apps/web/src';
const MODULES = 'apps/server/src/modules';

// Web: features do not import each other; shared code flows components/lib/config → features → app.
const webFeatures = dirs(`${WEB}/features`);
const featureZones = webFeatures.map((feature) => ({
  target: `./${WEB}/features/${feature}`,
  from: `./${WEB}/features`,
  except: [`./${feature}`],
  message: 'Features do not import each other: move what both need to components/ or lib/.',
}));
const webLayerZones = [
  {
    target: [`./${WEB}/components`, `./${WEB}/lib`, `./${WEB}/config`],
    from: [`./${WEB}/features`, `./${WEB}/app`],
    message: 'Shared code (components, lib, config) does not import features or the app.',
  },
  { target: `./${WEB}/features`, from: `./${WEB}/app`, message: 'Features do not import the app shell.' },
  { target: './apps/web/src', from: './apps/server', message: 'The web app never imports the server.' },
  { target: './packages/domain', from: './apps', message: 'packages/domain imports only zod and its own files.' },
];

// Server: a module is used through its front door, modules/<m>/index.ts, which exports its services and types
// (docs/decisions/2360-enrollment-aggregate.md): no other module, plugin, lib or cli file imports its repository, its
// route files or any other inner file. db/seed and the tests may import what they need.
const SERVER = 'apps/server/src';
const serverModules = dirs(MODULES);
const moduleZones = serverModules.map((module) => ({
  target: [
    ...serverModules.filter((other) => other !== module).map((other) => `./${MODULES}/${other}`),
    `./${SERVER}/plugins`,
    `./${SERVER}/cli`,
  ],
  from: `./${MODULES}/${module}`,
  except: ['./index.ts'],
  message: `Use modules/${module} through its index.ts (its services and types), never its repository or inner files (decision 2360).`,
}));
const serverLayerZones = [
  { target: `./${SERVER}/lib`, from: `./${MODULES}`, message: 'lib/ imports no feature module: the modules use lib, not the other way.' },
];

// Files that are data, not code: they may pass the 300-line limit.
const DATA_FILES = ['apps/server/src/db/seed/demo-*.ts', 'apps/server/src/db/schema.ts', '**/*.generated.ts'];

// ---- Services take plain inputs (docs/decisions/2350-services-take-plain-inputs.md) --------------------------------
// A module's services, repositories and helpers do not import the web framework: only its route files (routes.ts,
// *-routes.ts) do, and they translate HTTP to and from the services. The operator commands (cli/) are clients too.
// Issue 35 listed the modules not converted yet here (NOT_YET_PLAIN); the last four (enrollment, consent, cart, trail)
// were converted, so every module is held by the rule.
const servicesTakePlainInputs = {
  files: [`${MODULES}/**/*.ts`, 'apps/server/src/cli/**/*.ts'],
  ignores: [`${MODULES}/*/routes.ts`, `${MODULES}/**/*-routes.ts`, `${MODULES}/all.ts`],
  rules: {
    'no-restricted-imports': [
      'error',
      {
        patterns: [
          {
            group: ['fastify', 'fastify-*', '@fastify/*'],
            message:
              'Services take plain inputs (decision 2350): the actor (lib/actor.ts), ids, the parsed body, a Db or the parts of Deps they use; only route files see Fastify.',
          },
        ],
      },
    ],
  },
};

export default tseslint.config(
  {
    ignores: ['**/node_modules/**', '**/dist/**', 'coverage/**', 'data/**', '.tmp/**', 'bench/results/**', 'apps/web/e2e/screenshots/**'],
  },
  { linterOptions: { reportUnusedDisableDirectives: 'error' } },
  js.configs.recommended,
  ...tseslint.configs.recommended,
  {
    languageOptions: { globals: { ...globals.node, ...globals.browser } },
    plugins: { 'import-x': importX },
    settings: {
      'import-x/resolver-next': [createNodeResolver({ extensions: ['.ts', '.tsx', '.js', '.json'] })],
    },
    rules: {
      '@typescript-eslint/no-unused-vars': [
        'error',
        { argsIgnorePattern: '^_', varsIgnorePattern: '^_', caughtErrors: 'none', ignoreRestSiblings: true },
      ],
      '@typescript-eslint/no-explicit-any': 'error',
      'import-x/no-restricted-paths': ['error', { zones: [...featureZones, ...webLayerZones, ...moduleZones, ...serverLayerZones] }],
      'prefer-const': ['error', { destructuring: 'all' }],
      'max-lines': ['error', { max: 300, skipBlankLines: true, skipComments: true }],
    },
  },
  {
    files: ['apps/web/**/*.{ts,tsx}'],
    plugins: { 'react-hooks': reactHooks },
    rules: {
      'react-hooks/rules-of-hooks': 'error',
      'react-hooks/exhaustive-deps': 'error',
    },
  },
  {
    // packages/domain depends on zod and nothing else (not even Node's built-ins): it runs in the browser and the server.
    files: ['packages/domain/src/**/*.ts'],
    rules: {
      'no-restricted-imports': [
        'error',
        { patterns: [{ regex: '^(?!zod($|/)|\\.{1,2}/)', message: 'packages/domain imports only zod and its own files.' }] },
      ],
    },
  },
  {
    // SQL only in repositories (docs/decisions/2100-sql-in-repositories.md): a module's repository.ts or
    // <thing>-repository.ts, a plugin's or lib helper's <name>-repository.ts beside it; db/ aside. The operator
    // commands (cli/) are clients like the routes: they call services and repositories (decision 2350).
    files: ['apps/server/src/**/*.ts'],
    ignores: ['**/*repository.ts', 'apps/server/src/db/**'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: 'CallExpression[callee.property.name=/^(selectFrom|insertInto|updateTable|deleteFrom|mergeInto|replaceInto)$/]',
          message: 'SQL only in repositories (docs/decisions/2100-sql-in-repositories.md): move this query to a *-repository.ts.',
        },
        {
          selector: "TaggedTemplateExpression[tag.name='sql'], CallExpression[callee.object.name='sql']",
          message: 'SQL only in repositories (docs/decisions/2100-sql-in-repositories.md): move this sql`` to a *-repository.ts.',
        },
      ],
    },
  },
  {
    // No two server modules import each other, directly or through others (decision 2360): the trail at the bottom,
    // the enrollment above the cart, consent, carriers and reminders it uses.
    files: [`${MODULES}/**/*.ts`],
    settings: { 'import-x/parsers': { '@typescript-eslint/parser': ['.ts'] }, 'import-x/extensions': ['.ts'] },
    rules: { 'import-x/no-cycle': ['error', { ignoreExternal: true }] },
  },
  { files: DATA_FILES, rules: { 'max-lines': 'off' } },
  {
    // Tests and benchmarks read answers loosely (JSON bodies, fixtures); the code they test is typed.
    files: ['**/test/**', 'apps/web/e2e/**', 'bench/**'],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // Schema-agnostic database code takes Kysely<any>, as Kysely's own guide advises for migrations: a migration
    // must keep working whatever the schema becomes, so it is not typed by today's tables.
    files: [
      'apps/server/src/db/migrations/**',
      'apps/server/src/db/{migrate,introspector,client,pglite-dialect}.ts',
      'apps/server/src/cli/rotate-keys.ts',
      'apps/server/src/lib/sealed-values-repository.ts',
    ],
    rules: { '@typescript-eslint/no-explicit-any': 'off' },
  },
  {
    // The contract closed (docs/decisions/2370-contract-closed-and-openapi.md): a response schema says what leaves the
    // server, so no z.any() or z.unknown() in the contract nor a schema cast to a type (the old typedAny). The test
    // packages/domain/test/contract-closed.test.ts checks the schemas the contract uses from other files too.
    files: ['packages/domain/src/contract/**/*.ts'],
    rules: {
      'no-restricted-syntax': [
        'error',
        {
          selector: "CallExpression[callee.object.name='z'][callee.property.name=/^(any|unknown)$/]",
          message: 'The contract is closed: write the schema of what is sent (decision 2370).',
        },
        {
          selector: "Identifier[name='typedAny']",
          message: 'The contract is closed: no schema cast to a type (decision 2370).',
        },
      ],
    },
  },
  {
    // A request body is typed by its endpoint's schema (BodyOf / StepBodyOf in features/enrollment/api/body.ts),
    // never cast: the step forms give the contract's typed bodies (decision 2370); asBody is gone.
    files: ['apps/web/src/**/*.{ts,tsx}'],
    rules: {
      'no-restricted-syntax': [
        'error',
        { selector: "Identifier[name='asBody']", message: 'Type the body by its endpoint (BodyOf), not by a cast (decision 2370).' },
        {
          selector: 'TSAsExpression > TSTypeReference[typeName.name=/^(Step)?BodyOf$/]',
          message: 'Type the body by its endpoint (BodyOf), not by a cast (decision 2370).',
        },
      ],
    },
  },
  servicesTakePlainInputs,
);
