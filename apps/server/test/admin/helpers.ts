import { DEMO, type TestClient } from '../helpers/client.ts';
import type { TestStore } from '../helpers/store.ts';

/** A 1x1 PNG, base64 (a real image the server accepts by its bytes). */
export const PNG_1x1 = 'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==';

/** A data: URL claiming `type` for these bytes. */
export const dataUrl = (type: string, body: string | Buffer) => `data:${type};base64,${Buffer.from(body).toString('base64')}`;

/** The demo operator's client, signed in on first use and shared by the suite's tests (one per database). */
export function signedInOperator(ctx: () => TestStore): () => Promise<TestClient> {
  let op: TestClient | undefined;
  return async () => {
    if (!op) {
      op = ctx().client();
      await op.signIn(DEMO.operator.email, DEMO.operator.password);
    }
    return op;
  };
}
