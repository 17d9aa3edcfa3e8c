import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    projects: [
      { test: { name: 'domain', include: ['packages/domain/test/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      { test: { name: 'web', include: ['apps/web/test/**/*.test.ts'], sequence: { groupOrder: 0 } } },
      {
        test: {
          name: 'server',
          include: ['apps/server/test/**/*.test.ts'],
          testTimeout: 30_000,
          hookTimeout: 60_000,
          pool: 'forks',
          maxWorkers: 2,
          sequence: { groupOrder: 1 },
        },
      },
      {
        test: {
          name: 'e2e',
          include: ['apps/web/e2e/**/*.test.ts'],
          setupFiles: ['apps/web/e2e/setup.ts'],
          testTimeout: 60_000,
          hookTimeout: 90_000,
          pool: 'forks',
          maxWorkers: 2,
          fileParallelism: true,
          sequence: { groupOrder: 2 },
        },
      },
    ],
  },
});
