import type { ReactNode } from "react";
import { ClientShell } from "~/components/shell/client-shell";
import { StaffShell } from "~/components/shell/staff-shell";
import { NotificationBell } from "~/notifications/ui/notification-bell";
import { useRootData } from "~/root";

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
  return root.user.kind === "staff" ? <StaffShell {...shared}>{children}</StaffShell> : <ClientShell {...shared}>{children}</ClientShell>;
}
