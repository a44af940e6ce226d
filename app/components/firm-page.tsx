import { Suspense, type ReactNode } from "react";
import { loadedWhenShown } from "~/components/loaded-when-shown";
import { ClientShell } from "~/components/shell/client-shell";
import { NotificationBell } from "~/notifications/ui/notification-bell";
import { useRootData } from "~/root";
import * as onServer from "./firm-page.server";

// Clients never see the staff shell: its code loads when a staff page first shows it.
const StaffShell = loadedWhenShown(onServer.StaffShell, () => import("~/components/shell/staff-shell").then((m) => m.StaffShell));

/** Wraps a signed-in page of a firm's site in the staff or client shell, with its navigation. */
export function FirmPage({ children }: { children: ReactNode }) {
  const root = useRootData();
  if (!root?.firm || !root.user) return <>{children}</>;
  const shared = {
    firm: { name: root.firm.name, logoUrl: root.firm.logoUrl },
    user: { name: root.user.fullName || root.user.name, email: root.user.email ?? "" },
    nav: root.nav,
    notifications: <NotificationBell initialUnread={root.notifications} />,
  };
  if (root.user.kind !== "staff") return <ClientShell {...shared}>{children}</ClientShell>;
  return (
    <Suspense>
      <StaffShell {...shared}>{children}</StaffShell>
    </Suspense>
  );
}
