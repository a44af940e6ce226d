import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { DangerIcon, SearchIcon, LockIcon, RefreshIcon } from "../ui/icons";
import * as s from "./shell.css";

/** Spec: the global error boundary text. */
export const ERROR_BOUNDARY_MESSAGE = "Something went wrong. Please refresh this page to try again.";

/**
 * What the error boundary shows: the spec's sentence and a 'Refresh' button that reloads the
 * app at '/'. Needs no loader data, toasts or firm.
 */
/** The generic failure, or `message` (e.g. the 'temporarily unavailable' text of an outage). */
export function ErrorPanel({ message = ERROR_BOUNDARY_MESSAGE }: { message?: string } = {}) {
  return (
    <div className={s.centered}>
      <main id="main" className={s.statusCard}>
        <span className={s.statusIcon.danger} aria-hidden="true">
          <DangerIcon size={28} />
        </span>
        <h1 className={s.statusMessage}>{message}</h1>
        <Button to="/" reloadDocument iconStart={<RefreshIcon size={18} />}>
          Refresh
        </Button>
      </main>
    </div>
  );
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
