/**
 * Islands: parts of a server-rendered page whose code is not in the
 * document's scripts. The server renders them whole; in the browser their
 * HTML stays as it is (a dehydrated Suspense boundary: no layout shift) and
 * their code loads once the page is idle after its `load` event, or at the
 * visitor's first input (pointer, touch, key, focus, wheel, scroll),
 * whichever comes first; then the part hydrates. A click inside a part
 * whose code is still on its way is held and replayed once it has hydrated,
 * so none is lost. On a client navigation the code loads at once (the route
 * module's chunk starts it when it is evaluated).
 *
 * `entry.server.tsx` awaits {@linkcode islandsReady} before rendering, so
 * the server never suspends on an island.
 *
 * @module
 */
import { type ComponentType, Suspense, use, useEffect, useRef } from "react";

/** What the visitor or the browser does that means "load the rest now". */
const INPUTS = ["pointerover", "pointerdown", "touchstart", "keydown", "focusin", "wheel", "scroll"] as const;

const serverLoads: Promise<unknown>[] = [];
let wanted: Promise<void> | undefined;

/** Resolves when the page went idle after `load`, or at the first input; at once after the first page. */
function whenWanted(): Promise<void> {
  wanted ??= new Promise<void>((resolve) => {
    if ("__reactRouterDataRouter" in globalThis && document.readyState === "complete") return resolve();
    const go = () => {
      for (const type of INPUTS) removeEventListener(type, go, { capture: true });
      resolve();
    };
    for (const type of INPUTS) addEventListener(type, go, { capture: true, passive: true });
    const idle =
      () => ("requestIdleCallback" in globalThis ? requestIdleCallback(go, { timeout: 1_000 }) : setTimeout(go, 50));
    if (document.readyState === "complete") idle();
    else addEventListener("load", idle, { once: true });
  });
  return wanted;
}

/** Clicks held per island (its holder element) until it has hydrated. */
const held = new WeakMap<Element, MouseEvent[]>();

function holdClick(event: MouseEvent): void {
  // A modified click (new tab, download) keeps the browser's own behaviour.
  if (event.button !== 0 || event.ctrlKey || event.metaKey || event.shiftKey || event.altKey) return;
  const target = event.target instanceof Element ? event.target : null;
  const holder = target?.closest("[data-island-pending]");
  if (!holder) return;
  event.preventDefault();
  event.stopImmediatePropagation();
  held.set(holder, [...(held.get(holder) ?? []), event]);
  void whenWanted();
}

function replayClicks(holder: Element): void {
  holder.removeAttribute("data-island-pending");
  const clicks = held.get(holder) ?? [];
  held.delete(holder);
  for (const click of clicks) {
    if (!(click.target instanceof Element) || !click.target.isConnected) continue;
    click.target.dispatchEvent(
      new MouseEvent("click", {
        bubbles: true,
        cancelable: true,
        composed: true,
        button: click.button,
        buttons: click.buttons,
        clientX: click.clientX,
        clientY: click.clientY,
        screenX: click.screenX,
        screenY: click.screenY,
        ctrlKey: click.ctrlKey,
        shiftKey: click.shiftKey,
        altKey: click.altKey,
        metaKey: click.metaKey,
        detail: click.detail,
      }),
    );
  }
}

if (typeof document !== "undefined") addEventListener("click", holdClick, { capture: true });

/** An island component (see {@linkcode island}). */
export type Island<P> = ComponentType<P> & {
  /**
   * In a browser after the first page (a client navigation evaluated the
   * module that made the island), a promise of its code; else `undefined`.
   * A route module awaits it at its top level, so a client navigation renders
   * the screen at once instead of an empty frame while its code loads.
   */
  loaded(): Promise<void> | undefined;
};

/**
 * A component whose code `load` brings, rendered as an island (see the
 * module comment). `load` is a dynamic `import()` of the module that holds
 * it; the holder is a `display: contents` element, so the layout is the same
 * as without it.
 */
export function island<P extends object>(
  load: () => Promise<ComponentType<P>>,
): Island<P> {
  let ready: Promise<ComponentType<P>> | undefined;
  // `use` reads a promise whose status says it is fulfilled at once, so a loaded island never suspends.
  const track = (promise: Promise<ComponentType<P>>) => {
    const tracked = promise as Promise<ComponentType<P>> & { status?: string; value?: ComponentType<P> };
    promise.then((value) => {
      tracked.status = "fulfilled";
      tracked.value = value;
    }, () => {});
    return tracked;
  };
  if (typeof document === "undefined") serverLoads.push(ready = track(load()));
  else if ("__reactRouterDataRouter" in globalThis) ready = track(load());

  function Part({ props, holder }: { props: P; holder: { current: HTMLDivElement | null } }) {
    // Always one `use` first: a render React replays after the promise settles calls the same hooks.
    const Loaded = use(ready ??= track(whenWanted().then(load)));
    useEffect(() => {
      if (holder.current) replayClicks(holder.current);
    }, [holder]);
    return <Loaded {...props} />;
  }

  function IslandPart(props: P) {
    const holder = useRef<HTMLDivElement>(null);
    return (
      <div ref={holder} className="island" data-island-pending="">
        <Suspense fallback={null}>
          <Part props={props} holder={holder} />
        </Suspense>
      </div>
    );
  }
  return Object.assign(IslandPart, {
    loaded: () => typeof document !== "undefined" && ready ? ready.then(() => {}, () => {}) : undefined,
  });
}

let ready: Promise<unknown> = Promise.resolve();
let readyCount = 0;

/**
 * Resolves when every island's code is loaded on the server (rendering then
 * never suspends on one); the same settled promise while no island was added.
 */
export function islandsReady(): Promise<unknown> {
  if (readyCount !== serverLoads.length) {
    readyCount = serverLoads.length;
    ready = Promise.all(serverLoads);
  }
  return ready;
}
