import { Popover, PopoverButton, PopoverPanel } from "@headlessui/react";
import { lazy, Suspense, useEffect, type ReactNode, type Ref } from "react";
import * as s from "./notification-bell.css";

/** The panel's list and its code (and date formatting): loaded when the bell first opens. */
const loadList = () => import("./notification-list");
const NotificationList = lazy(() => loadList().then((m) => ({ default: m.NotificationList })));

/**
 * The live bell (Headless UI's popover), loaded when the reader reaches the bell's button
 * (`NotificationBell`); it asks for its panel's list at once (the reader is at the bell).
 */
export function LiveBell({
  label,
  buttonRef,
  onUnread,
  children,
}: {
  label: string;
  buttonRef: Ref<HTMLButtonElement>;
  onUnread: (unread: number) => void;
  children: ReactNode;
}) {
  useEffect(() => void loadList().catch(() => undefined), []);
  return (
    <Popover className={s.root}>
      <PopoverButton ref={buttonRef} className={s.bell} aria-label={label} data-testid="notification-bell">
        {children}
      </PopoverButton>
      <PopoverPanel className={s.panel} focus aria-label="Notifications">
        {({ close }) => (
          <Suspense
            fallback={
              <p className={s.empty} role="status">
                Loading…
              </p>
            }
          >
            <NotificationList onUnread={onUnread} close={close} />
          </Suspense>
        )}
      </PopoverPanel>
    </Popover>
  );
}
