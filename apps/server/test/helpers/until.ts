/**
 * Asks `what` again until `done` holds or `ms` have passed, and returns the last answer (the test's own `expect`
 * then says what was wrong). For what another process does in its own time: a job it runs, or a change notice it
 * hears from PostgreSQL (docs/decisions/1100-one-pipeline.md: another process sees a change when its notice arrives).
 */
export async function until<T>(what: () => Promise<T> | T, done: (v: T) => boolean, ms = 30_000, everyMs = 200): Promise<T> {
  const end = Date.now() + ms;
  for (;;) {
    const v = await what();
    if (done(v) || Date.now() > end) return v;
    await new Promise((r) => setTimeout(r, everyMs));
  }
}

/**
 * The other store process's answer once it has heard the change notice: asked again every 20 ms, for at most 5 s.
 * Notices carry no expiry: a process that ignored them would keep its stale answer and fail the test.
 */
export const onceHeard = <T>(what: () => Promise<T>, done: (v: T) => boolean): Promise<T> => until(what, done, 5_000, 20);
