import type { TabNavItem } from "~/components/ui";

/** The tabs of the team settings: the staff, and the firm groups they and the clients belong to. */
export const TEAM_TABS: TabNavItem[] = [
  { to: "/settings/team", label: "Team" },
  { to: "/settings/groups", label: "Firm groups" },
];
