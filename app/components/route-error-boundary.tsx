/**
 * The one error boundary of the firm's pages: the spec's generic text ('Something went wrong.
 * Please refresh this page to try again.') or the route's own title for a status (usually 404:
 * 'Questionnaire not found'), and a way back.
 *
 *   export function ErrorBoundary() {
 *     return <RouteErrorBoundary titles={{ 404: "User not found" }} back={{ to: "/clients", label: "Back to Users" }} />;
 *   }
 *
 * A thrown `Response` or `data()` with a string body shows that string when the status has no
 * title of its own and is a 4xx (an expected refusal whose message was written for the person).
 */
import { isRouteErrorResponse, useRouteError } from "@remix-run/react";
import { FirmPage } from "~/components/firm-page";
import { useCurrentAddress } from "~/components/shell/status-panels";
import { Alert, Button } from "~/components/ui";
import { UNAVAILABLE_STATUS, UNAVAILABLE_TITLE } from "~/unavailable";
import { useVocabulary } from "~/vocabulary";
import * as s from "./route-error-boundary.css";

export const GENERIC_ERROR = "Something went wrong. Please refresh this page to try again.";

export interface RouteErrorBoundaryProps {
  /** Titles by HTTP status, e.g. `{ 404: "User not found" }`. */
  titles?: Partial<Record<number, string>>;
  back?: { to: string; label: string };
  /** Title for anything unexpected (default: the spec's generic text). */
  fallback?: string;
}

export function errorTitle(error: unknown, titles: RouteErrorBoundaryProps["titles"] = {}, fallback = GENERIC_ERROR): string {
  if (!isRouteErrorResponse(error)) return fallback;
  // A database outage (503): try again in a moment, nothing is wrong with the page.
  if (error.status === UNAVAILABLE_STATUS) return UNAVAILABLE_TITLE;
  const own = titles[error.status];
  if (own) return own;
  if (error.status >= 400 && error.status < 500 && typeof error.data === "string" && error.data.trim() && error.data !== error.statusText) return error.data;
  return fallback;
}

export function RouteErrorBoundary({ titles, back, fallback }: RouteErrorBoundaryProps) {
  const error = useRouteError();
  // The titles and the server's refusals are the product's own texts: in the firm's words.
  const t = useVocabulary();
  const here = useCurrentAddress();
  // An outage: this same page loads again once the portal is back.
  const unavailable = isRouteErrorResponse(error) && error.status === UNAVAILABLE_STATUS;
  return (
    <FirmPage>
      <Alert tone="danger" title={t(errorTitle(error, titles, fallback))}>
        {unavailable || back ? (
          <div className={s.actions}>
            {unavailable ? (
              <Button to={here} reloadDocument variant="secondary" size="sm">
                Refresh
              </Button>
            ) : null}
            {back ? (
              <Button to={back.to} variant="secondary" size="sm">
                {t(back.label)}
              </Button>
            ) : null}
          </div>
        ) : null}
      </Alert>
    </FirmPage>
  );
}
