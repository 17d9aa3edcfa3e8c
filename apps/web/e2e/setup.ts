import { beforeEach } from 'vitest';
import { describeOpenPages } from './harness.ts';

// A failed browser test prints what its open pages showed (harness.ts describeOpenPages).
beforeEach(({ onTestFailed }) => {
  onTestFailed(async () => {
    const pages = await describeOpenPages();
    if (pages) console.error(`What the open pages showed when the test failed:\n${pages}`);
  });
});
