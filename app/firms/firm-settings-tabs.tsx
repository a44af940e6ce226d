import { useEffect, useRef } from "react";
import { TabNav } from "~/components/ui/tabs";
import { PREFERENCE_CATALOG, PREFERENCE_GROUPS } from "./preferences";

/**
 * The tabs of the firm's settings: the profile and branding page (/firm, partners only) and one
 * page a preference group (/firm/preferences/<group>, partners and admins), and Payments (/firm/payments,
 * partners only).
 */
export function FirmSettingsTabs({ partner }: { partner: boolean }) {
  const items = [
    ...(partner ? [{ to: "/firm", label: "Profile" }] : []),
    ...PREFERENCE_GROUPS.map((group) => ({ to: `/firm/preferences/${group}`, label: PREFERENCE_CATALOG[group].title })),
    ...(partner ? [{ to: "/firm/payments", label: "Payments" }] : []),
  ];
  // On a phone the tabs scroll sideways: bring the current one into view.
  const frame = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const current = frame.current?.querySelector<HTMLElement>("[aria-current='page']");
    const list = current?.parentElement;
    if (!current || !list) return;
    const offset = current.getBoundingClientRect().left - list.getBoundingClientRect().left;
    list.scrollLeft += offset - (list.clientWidth - current.offsetWidth) / 2;
  });
  return (
    <div ref={frame}>
      <TabNav items={items} label="Firm settings" />
    </div>
  );
}
