import { isRouteErrorResponse, Link, useRouteError } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { Alert } from "~/components/ui";

/** The error boundary of the /templates pages: no access, not found, or the generic error. */
export function TemplatesErrorBoundary() {
  const error = useRouteError();
  const status = isRouteErrorResponse(error) ? error.status : 500;
  const title =
    status === 403
      ? "You don't have access to templates."
      : status === 404
        ? "Template not found"
        : "Something went wrong. Please refresh this page to try again.";
  return (
    <FirmPage>
      <Alert tone="danger" title={title}>
        <Link to={status === 404 ? "/templates" : "/"}>{status === 404 ? "Back to Templates" : "Back to Collect"}</Link>
      </Alert>
    </FirmPage>
  );
}
