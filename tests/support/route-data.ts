/**
 * A page route's loader data as the browser gets it with single fetch: GET `{path}.data?…&_routes={routeId}`
 * answers a turbo-stream of `{ [routeId]: { data } }` (the legacy `?_data=` request does not carry
 * loaders that return plain objects or `data()`).
 *
 *   const page = await app.get("acme", routeDataPath(`/documents/${hash}?path=%2FA`, ROUTE), cookie);
 *   const { data } = await routeData(page.text, ROUTE);
 */
import { decode } from "turbo-stream";

export function routeDataPath(path: string, routeId: string): string {
  const url = new URL(path, "http://app.test");
  url.pathname = `${url.pathname === "/" ? "/_root" : url.pathname.replace(/\/$/, "")}.data`;
  url.searchParams.set("_routes", routeId);
  return `${url.pathname}${url.search}`;
}

export async function routeData(text: string, routeId: string): Promise<any> {
  const decoded = await decode(new Response(text).body!);
  await decoded.done;
  const route = (decoded.value as Record<string, { data?: unknown } | undefined>)[routeId];
  if (!route || !("data" in route)) throw new Error(`No loader data for ${routeId}: ${text.slice(0, 200)}`);
  return route.data;
}
