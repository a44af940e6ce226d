import { lazy, type ComponentType } from "react";

/**
 * A component whose code the browser loads only when it is first rendered (wrap it in
 * <Suspense>), so the pages that never show it do not carry it. The server renders `server`, the
 * same component imported at once (from a `*.server.ts` re-export, an empty module in the
 * browser's bundle), so the HTML is complete; in the browser the server's HTML stays in place
 * until the code has arrived, then hydrates.
 */
export function loadedWhenShown<P extends object>(server: ComponentType<P>, load: () => Promise<ComponentType<P>>): ComponentType<P> {
  if (typeof document === "undefined") return server;
  // A lazy component takes the same props (React's types only add its ref's).
  return lazy(() => load().then((component) => ({ default: component }))) as unknown as ComponentType<P>;
}
