import type { ReactNode } from "react";
import { useLocation } from "@remix-run/react";
import { UNAVAILABLE_TITLE } from "~/unavailable";
import { Button } from "../ui/button";
import { DangerIcon, SearchIcon, LockIcon, RefreshIcon } from "../ui/icons";
import * as s from "./shell.css";

/** Spec: the global error boundary text. */
export const ERROR_BOUNDARY_MESSAGE = "Something went wrong. Please refresh this page to try again.";

/**
 * What the error boundary shows: the spec's sentence and a 'Refresh' button that reloads the
 * app at '/' (or `refreshTo`). Needs no loader data, toasts or firm.
 */
export function ErrorPanel({ message = ERROR_BOUNDARY_MESSAGE, refreshTo = "/", firmName }: { message?: string; refreshTo?: string; firmName?: string } = {}) {
  return (
    <div className={s.centered}>
      <main id="main" className={s.statusCard}>
        <span className={s.statusIcon.danger} aria-hidden="true">
          <DangerIcon size={28} />
        </span>
        {firmName ? <p className={s.statusCode}>{firmName}</p> : null}
        <h1 className={s.statusMessage}>{message}</h1>
        <Button to={refreshTo} reloadDocument iconStart={<RefreshIcon size={18} />}>
          Refresh
        </Button>
      </main>
    </div>
  );
}

/** The address of this page, to load it again (a GET: a failed form is not sent twice). */
export function useCurrentAddress(): string {
  const { pathname, search, hash } = useLocation();
  return `${pathname}${search}${hash}`;
}

/**
 * A database outage (503): nothing is wrong with the page, so 'Refresh' loads this same page
 * again once the portal is back, not the home page.
 */
export function UnavailablePanel({ firmName }: { firmName?: string } = {}) {
  return <ErrorPanel message={UNAVAILABLE_TITLE} refreshTo={useCurrentAddress()} firmName={firmName} />;
}

export interface NotFoundPanelProps {
  /** 404 (default) or 403. */
  status?: number;
  title?: ReactNode;
  message?: ReactNode;
  /** Where the button goes (default '/'). */
  homeTo?: string;
  homeLabel?: string;
}

/** A page that doesn't exist, or one the user may not see (shown the same way on purpose). */
export function NotFoundPanel({ status = 404, title, message, homeTo = "/", homeLabel = "Go to the home page" }: NotFoundPanelProps) {
  const forbidden = status === 403;
  return (
    <div className={s.centered}>
      <main id="main" className={s.statusCard}>
        <span className={s.statusIcon.neutral} aria-hidden="true">
          {forbidden ? <LockIcon size={26} /> : <SearchIcon size={26} />}
        </span>
        <p className={s.statusCode}>Error {status}</p>
        <h1 className={s.statusTitle}>{title ?? (forbidden ? "You don't have access to this page" : "Page not found")}</h1>
        <p className={s.statusMuted}>
          {message ?? (forbidden ? "Ask your firm for access if you think you should see it." : "The page you are looking for doesn't exist or has moved.")}
        </p>
        <Button to={homeTo} variant="secondary">
          {homeLabel}
        </Button>
      </main>
    </div>
  );
}
