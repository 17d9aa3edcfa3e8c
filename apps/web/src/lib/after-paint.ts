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
