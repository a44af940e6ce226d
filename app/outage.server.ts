/**
 * A database outage in any route's loader or action answers 503 (app/unavailable.ts), wherever it
 * happens: after the session check, in the page's own queries, in a form's action. Pages show
 * the error boundary's 'temporarily unavailable' text (a 503 `data()`), resource routes the JSON
 * answer; the host (server.ts) adds Retry-After to every 503. Document requests and single-fetch
 * data requests (`.data`) get the same status. The session is never touched.
 *
 * Applied once to the server build the host serves (`createRequestHandler(answerOutages(build))`):
 * routes need not catch outages themselves.
 */
import { data, type AppLoadContext, type ServerBuild } from "@remix-run/node";
import { isDatabaseUnavailable, RETRY_AFTER_SECONDS, UNAVAILABLE_STATUS, UNAVAILABLE_TITLE, unavailableResponse, type OutageLook } from "~/unavailable";

type RouteModule = ServerBuild["routes"][string]["module"];
type Handler = NonNullable<RouteModule["loader"]>;

const UNAVAILABLE_HEADERS = { "Retry-After": String(RETRY_AFTER_SECONDS), "Cache-Control": "no-store" };

/** What a page's loader or action throws during an outage: its error boundary shows the text. */
export function unavailablePageAnswer() {
  return data(UNAVAILABLE_TITLE, { status: UNAVAILABLE_STATUS, headers: UNAVAILABLE_HEADERS });
}

/**
 * The root loader's answer during an outage: the text and the firm's look (theme, brand colour,
 * name, from its cached settings), so the outage page is the firm's own and not a neutral one.
 */
export function unavailableRootAnswer(context: AppLoadContext | undefined) {
  const portal = context?.portal;
  if (portal?.site !== "firm") return unavailablePageAnswer();
  const look: OutageLook = { title: UNAVAILABLE_TITLE, theme: portal.firm.themeName, brandColor: portal.firm.brandColor, firmName: portal.firm.name };
  return data(look, { status: UNAVAILABLE_STATUS, headers: UNAVAILABLE_HEADERS });
}

/** A Response of app/unavailable.ts (503 with Retry-After), not another 503 a route wrote itself. */
function isUnavailableAnswer(error: unknown): boolean {
  return error instanceof Response && error.status === UNAVAILABLE_STATUS && error.headers.has("Retry-After");
}

/**
 * `handler`, answering a database outage with 503: a page's boundary text (the root's with the
 * firm's look), or a resource route's JSON.
 */
export function answeringOutages<H extends Handler>(handler: H, answer: "page" | "root" | "json"): H {
  const wrapped = async (args: Parameters<H>[0]) => {
    const unavailable = () => (answer === "root" ? unavailableRootAnswer(args.context) : answer === "page" ? unavailablePageAnswer() : unavailableResponse());
    try {
      return await handler(args);
    } catch (error) {
      // The session lookup's 503 is one Response shared by the request's loaders (root and page):
      // each gets its own, since a body can be read once.
      if (isUnavailableAnswer(error)) throw unavailable();
      if (!isDatabaseUnavailable(error)) throw error;
      if (!args.request.signal.aborted) console.error(`Database unavailable: ${error instanceof Error ? error.message : String(error)}`);
      throw unavailable();
    }
  };
  return wrapped as H;
}

/** The build with every route's loader and action answering outages with 503. */
export function answerOutages(build: ServerBuild): ServerBuild {
  const routes: ServerBuild["routes"] = {};
  for (const [id, route] of Object.entries(build.routes)) {
    const { module } = route;
    // A page has a component or an error boundary; a resource route has neither (JSON, files).
    const answer = id === "root" ? "root" : module.default || module.ErrorBoundary ? "page" : "json";
    routes[id] = {
      ...route,
      module: {
        ...module,
        ...(module.loader ? { loader: answeringOutages(module.loader, answer) } : {}),
        ...(module.action ? { action: answeringOutages(module.action as Handler, answer) } : {}),
      },
    };
  }
  return { ...build, routes };
}
