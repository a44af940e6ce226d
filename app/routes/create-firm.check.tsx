import type { LoaderFunctionArgs } from "@remix-run/node";
import { requireRootSite } from "~/context.server";
import { isSubdomainTaken } from "~/db.server";
import { SUBDOMAIN_MESSAGES, subdomainProblem } from "~/tenancy/subdomain";

/** GET /create-firm/check?subdomain= — availability as the user types on the sign-up form. */
export async function loader({ request, context }: LoaderFunctionArgs) {
  requireRootSite(context);
  const subdomain = (new URL(request.url).searchParams.get("subdomain") ?? "").trim();
  const problem = subdomainProblem(subdomain);
  if (problem) return Response.json({ available: false as boolean | null, message: problem });
  const taken = await isSubdomainTaken(subdomain);
  return Response.json(
    { available: !taken as boolean | null, message: taken ? SUBDOMAIN_MESSAGES.taken : "Available" },
    { headers: { "Cache-Control": "no-store" } },
  );
}
