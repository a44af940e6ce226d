import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { RouteErrorBoundary } from "~/components/route-error-boundary";

const TITLES = { 403: "You don't have access to templates.", 404: "Template not found" };

/** The error boundary of the /templates pages: no access, not found, or the generic error. */
export function TemplatesErrorBoundary() {
  const error = useRouteError();
  const notFound = isRouteErrorResponse(error) && error.status === 404;
  return <RouteErrorBoundary titles={TITLES} back={notFound ? { to: "/templates", label: "Back to Templates" } : { to: "/", label: "Back to Collect" }} />;
}
