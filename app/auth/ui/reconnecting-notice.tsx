import { useSyncExternalStore } from "react";
import { isReconnecting, onReconnecting } from "~/auth/api-fetch";
import { Spinner } from "~/components/ui/spinner";
import * as s from "./reconnecting-notice.css";

/** What the page says while the portal can't be reached and its calls wait to be sent again. */
export const RECONNECTING_TEXT = "Reconnecting… What you typed is kept and will be saved.";

/**
 * Mounted once in the root layout (client and staff pages): a small bar while calls wait out an
 * outage (app/auth/api-fetch.ts), gone once a call gets through. A polite live region, there from
 * the start so that its text is announced when it appears; nothing to click, nothing blocked.
 */
export function ReconnectingNotice() {
  const waiting = useSyncExternalStore(onReconnecting, isReconnecting, () => false);
  return (
    <div role="status" aria-live="polite" className={s.region}>
      {waiting ? (
        <p className={s.bar}>
          <Spinner size="sm" label={null} className={s.spinner} />
          {RECONNECTING_TEXT}
        </p>
      ) : null}
    </div>
  );
}
