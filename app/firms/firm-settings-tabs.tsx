import { TabNav } from "~/components/ui/tabs";
import { PREFERENCE_CATALOG, PREFERENCE_GROUPS } from "./preferences";

/**
 * The tabs of the firm's settings: the profile and branding page (/firm, partners only) and one
 * page a preference group (/firm/preferences/<group>, partners and admins).
 */
export function FirmSettingsTabs({ partner }: { partner: boolean }) {
  const items = [
    ...(partner ? [{ to: "/firm", label: "Profile and branding" }] : []),
    ...PREFERENCE_GROUPS.map((group) => ({ to: `/firm/preferences/${group}`, label: PREFERENCE_CATALOG[group].title })),
  ];
  return <TabNav items={items} label="Firm settings" />;
}
