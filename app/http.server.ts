/**
 * The one way a JSON route (`/api/*`, a resource route) reads its request and answers:
 *
 *   export const action = jsonAction(questionnaireActionSchema, async (input, { portal, request, params }) => {
 *     const user = await requireApiUser(request, portal);
 *     return performQuestionnaireAction({ portal, user, ... }, input);
 *   });
 *
 * It answers, in this order: 405 for a method other than POST, 415 for a body that isn't JSON (a
 * cross-site form cannot send JSON without a CORS preflight, which we never grant), 400 for
 * malformed JSON, 400 `{ error, errors }` when the schema refuses (NUL characters are dropped from
 * every string first, app/nul.ts) the input, the handler's
 * `PortalError` as its status and `{ error, errors?, code? }`, and the handler's value as JSON. Every
 * answer is `Cache-Control: no-store` (they carry presigned URLs and personal data).
 *
 * Resource routes answer with `Response` objects: with single fetch, Remix 2 and React Router 7
 * turn anything else into JSON with a warning. Page routes use `data()` / plain objects instead.
 */
import type { ActionFunctionArgs, LoaderFunctionArgs } from "@remix-run/node";
import type { z } from "zod";
import { requireUser, type SessionUser } from "~/auth/session.server";
import { requireFirmSite, type FirmSiteContext } from "~/context.server";
import { PortalError, fromZod, type ErrorBody } from "~/errors";
import { NO_STORE } from "~/security-headers.server";
import { isDatabaseUnavailable, unavailableResponse } from "~/unavailable";
import { withoutNul } from "~/nul";

export interface JsonRouteArgs {
  request: Request;
  params: ActionFunctionArgs["params"];
  portal: FirmSiteContext;
}

/** A JSON answer with `no-store` (and any extra headers). */
export function jsonResponse(body: unknown, init: ResponseInit = {}): Response {
  const headers = new Headers(init.headers);
  headers.set("Cache-Control", NO_STORE);
  return Response.json(body, { ...init, headers });
}

/** The JSON answer for a refused request. */
export function errorResponse(error: PortalError): Response {
  const body: ErrorBody = error.toBody();
  return jsonResponse(body, { status: error.status });
}

/** Reads a JSON body and checks it against `schema`; throws a `PortalError` (405/415/400) when it can't. */
export async function readJson<S extends z.ZodType>(request: Request, schema: S): Promise<z.output<S>> {
  if (request.method !== "POST") throw new PortalError(405, "Method not allowed");
  if (!request.headers.get("content-type")?.startsWith("application/json")) throw new PortalError(415, "Expected JSON");
  let body: unknown;
  try {
    body = await request.json();
  } catch {
    throw new PortalError(400, "Malformed request");
  }
  // NUL characters mean nothing to a person and PostgreSQL refuses them: dropped from every string.
  const parsed = schema.safeParse(withoutNul(body));
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/** Reads the query string of a GET against `schema` (400 with field errors when refused). */
export function readQuery<S extends z.ZodType>(request: Request, schema: S): z.output<S> {
  const url = new URL(request.url);
  const parsed = schema.safeParse(Object.fromEntries(url.searchParams));
  if (!parsed.success) throw fromZod(parsed.error);
  return parsed.data;
}

/**
 * Runs `run` and turns its value, or its `PortalError`, into the JSON answer. A database outage is
 * 503 with Retry-After (app/unavailable.ts); a thrown `Response` is the answer. Other errors
 * propagate (500).
 */
export async function answerJson(run: () => Promise<unknown> | unknown): Promise<Response> {
  try {
    const value = await run();
    return value instanceof Response ? value : jsonResponse(value ?? { ok: true });
  } catch (error) {
    if (error instanceof PortalError) return errorResponse(error);
    if (error instanceof Response) return error;
    if (isDatabaseUnavailable(error)) return unavailableResponse();
    throw error;
  }
}

/** A JSON POST route: parse with `schema`, call `handler`, map its `PortalError`. */
export function jsonAction<S extends z.ZodType>(schema: S, handler: (input: z.output<S>, args: JsonRouteArgs) => Promise<unknown> | unknown) {
  return ({ request, params, context }: ActionFunctionArgs) =>
    answerJson(async () => {
      const portal = requireFirmSite(context);
      const input = await readJson(request, schema);
      return handler(input, { request, params, portal });
    });
}

/** A JSON GET route: call `handler`, map its `PortalError`. */
export function jsonLoader(handler: (args: JsonRouteArgs) => Promise<unknown> | unknown) {
  return ({ request, params, context }: LoaderFunctionArgs) => answerJson(() => handler({ request, params, portal: requireFirmSite(context) }));
}

/**
 * The signed-in user of a JSON call, or 401 'Please sign in again.' (the browser's fetch helper
 * refreshes, then signs out). Only a missing session is 401: an outage stays a 503.
 */
export async function requireApiUser(request: Request, portal: FirmSiteContext): Promise<SessionUser> {
  try {
    return await requireUser(request, portal);
  } catch (error) {
    if (error instanceof Response && error.status === 503) throw error;
    if (error instanceof Response) throw new PortalError(401, "Please sign in again.");
    throw error;
  }
}

/** For routes that exist only to answer POSTs: any GET is 404. */
export function notFoundLoader(): never {
  throw new Response("Not Found", { status: 404 });
}
