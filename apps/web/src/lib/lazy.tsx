import { lazy, startTransition, Suspense, useEffect, useState, type ComponentType } from 'react';
import { Spinner } from '../components/ui/alert';
import { afterPaint } from './after-paint';

// A page or dialog whose props only its caller knows (the loaders below hand them through untouched).
// eslint-disable-next-line @typescript-eslint/no-explicit-any
type AnyComponent = ComponentType<any>;

/**
 * Code that the first page does not need loads when it is used (docs/decisions/0800-web-bundle.md).
 *
 * lazyPage: a page of a route, fetched when the route is first shown; the layouts' <Suspense> shows a spinner
 * meanwhile. `lazyPage(() => import('./plans-page'), 'PlansPage')` stands for the named export.
 * A page whose code is already here when it mounts (preloadPage below) renders at once, without the spinner.
 * `afterFirstPaint`: a page with much code of its own that index.html does not preload (src/app/route-preloads.ts)
 * asks for it once the layout around it has painted, so that the first paint never waits for it.
 */
export function lazyPage<M, K extends keyof M>(load: () => Promise<M>, name: K, opts: { afterFirstPaint?: boolean } = {}): M[K] {
  let loaded: AnyComponent | undefined;
  let loading: Promise<AnyComponent> | undefined;
  const get = () => (loading ??= load().then((m) => (loaded = m[name] as AnyComponent)));
  const Lazy = lazy(async () => ({ default: await get() }));
  function Page(props: object) {
    // Chosen once per mount: switching from the lazy wrapper to the loaded page would remount it. With
    // afterFirstPaint, code not here yet is asked for only once the page around it has painted (a spinner first).
    const [Component, setComponent] = useState<AnyComponent | null>(() => loaded ?? (opts.afterFirstPaint ? null : Lazy));
    // As a transition: React renders the page in slices (no long task on a slow phone) and keeps the spinner
    // until the code is here.
    useEffect(() => (Component ? undefined : afterPaint(() => startTransition(() => setComponent(() => Lazy)))), [Component]);
    return Component ? <Component {...props} /> : <Spinner />;
  }
  preloaders.set(Page, async () => void (await get()));
  return Page as M[K];
}

const preloaders = new WeakMap<object, () => Promise<void>>();

/**
 * Loads the code of the lazy page an element stands for (nothing for other elements), so that the page renders
 * in the same first paint as the layout around it rather than after a spinner (src/main.tsx).
 */
export function preloadPage(element: unknown): Promise<void> {
  const type = (element as { type?: unknown } | null)?.type;
  const preload = type && typeof type === 'function' ? preloaders.get(type) : undefined;
  return preload ? preload() : Promise.resolve();
}

/**
 * lazyWhenOpen: a dialog whose code is fetched the first time its `open` prop is true; from then on it stays
 * mounted exactly like the eager one (it keeps its state between openings).
 */
export function lazyWhenOpen<M, K extends keyof M>(load: () => Promise<M>, name: K): M[K] {
  const Lazy = lazy(async () => ({ default: (await load())[name] as AnyComponent }));
  function WhenOpen(props: { open: boolean }) {
    const [wanted, setWanted] = useState(props.open);
    if (props.open && !wanted) setWanted(true);
    return wanted ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
      </Suspense>
    ) : null;
  }
  return WhenOpen as M[K];
}

/**
 * lazyOnEvent: a dialog that opens itself on a window event (the header's get-started wizard, Basic Details).
 * Its code is fetched on the first such event, which is dispatched again once the dialog listens.
 */
export function lazyOnEvent<M, K extends keyof M>(load: () => Promise<M>, name: K, events: readonly string[]): M[K] {
  const Lazy = lazy(async () => ({ default: (await load())[name] as AnyComponent }));
  function OnEvent(props: object) {
    const [first, setFirst] = useState<Event | null>(null);
    useEffect(() => {
      if (first) return;
      const h = (e: Event) => setFirst(e);
      for (const ev of events) window.addEventListener(ev, h);
      return () => {
        for (const ev of events) window.removeEventListener(ev, h);
      };
    }, [first]);
    return first ? (
      <Suspense fallback={null}>
        <Lazy {...props} />
        <Replay event={first} />
      </Suspense>
    ) : null;
  }
  return OnEvent as M[K];
}

const replayed = new WeakSet<Event>();

/** Runs after its earlier siblings' effects, that is once the lazy dialog has added its listener. */
function Replay({ event }: { event: Event }) {
  useEffect(() => {
    if (replayed.has(event)) return;
    replayed.add(event);
    window.dispatchEvent(new CustomEvent(event.type, { detail: (event as CustomEvent).detail }));
  }, [event]);
  return null;
}
