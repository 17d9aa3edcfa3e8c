/**
 * Runs `fn` once the browser has painted the current frame (the next animation frame, then a task): for requests
 * the first paint does not need (the lead check), so that they do not start while the page's own files and first
 * render are still under way. Returns a function that cancels it.
 */
export function afterPaint(fn: () => void): () => void {
  let timer: ReturnType<typeof setTimeout> | undefined;
  const frame = requestAnimationFrame(() => {
    timer = setTimeout(fn, 0);
  });
  return () => {
    cancelAnimationFrame(frame);
    if (timer !== undefined) clearTimeout(timer);
  };
}

let painted!: () => void;
/**
 * Resolved once the app's first screen has been painted (app/layout.tsx reports its first commit): the API client
 * waits for it before every request, so that no answer, however quick, is handled and rendered before the browser
 * has shown the page (its largest paint came after a handful of answers on a plan's page). At most 200 ms after the
 * first commit: a tab in the background paints no frames.
 */
export const firstPaint = new Promise<void>((resolve) => (painted = resolve));

/**
 * The app's first commit: its first frame follows on the next animation frame, and is on screen when the browser
 * reports the first contentful paint (the entry comes once the frame has been presented, a few ms after the task
 * that follows the frame; a request started in between counted for Lighthouse's LCP as if the paint had waited for
 * it, decision 0910 item 15). Where paint timing is not reported, the task after the frame.
 */
export function firstScreenCommitted(): void {
  afterPaint(() => afterFirstContentfulPaint(painted));
  setTimeout(painted, 200);
}

function afterFirstContentfulPaint(fn: () => void): void {
  if (typeof PerformanceObserver === 'undefined' || !PerformanceObserver.supportedEntryTypes?.includes('paint')) return fn();
  if (performance.getEntriesByName('first-contentful-paint').length > 0) return fn();
  const observer = new PerformanceObserver((list) => {
    if (list.getEntriesByName('first-contentful-paint').length === 0) return;
    observer.disconnect();
    fn();
  });
  observer.observe({ type: 'paint', buffered: true });
}
