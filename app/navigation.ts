/**
 * Which navigation items a user sees, from the spec's tables and conditions.
 * Items whose page is not built yet are left out (`implemented`), so the navigation
 * never links to a page that does not exist.
 */
export type FirmAccess = "partner" | "admin" | "full" | "group" | null;

export interface NavViewer {
  firmAccess: FirmAccess;
  isAdvisor: boolean;
}

export interface NavPreferences {
  newTaxReturnDeliveryEnabled?: boolean;
  reviewAndExportEnabled?: boolean;
  templateDisabledForNonadmin?: boolean;
  useFirmRoles?: boolean;
  dropLinkEnabled?: boolean;
  communicationDisabled?: boolean;
  hideDocumentsViewFromClients?: boolean;
}

export interface NavItem {
  to: string;
  label: string;
}

interface StaffNavRule extends NavItem {
  show: (viewer: NavViewer, prefs: NavPreferences) => boolean;
}

const always = () => true;
const isAdmin = (v: NavViewer) => v.firmAccess === "partner" || v.firmAccess === "admin";

/** The staff navigation table of the spec, in its order. */
export const STAFF_NAV_RULES: StaffNavRule[] = [
  { to: "/", label: "Collect", show: always },
  {
    to: "/templates",
    label: "Templates",
    show: (v, p) => (v.firmAccess === "partner" || v.firmAccess === "full") && !(p.templateDisabledForNonadmin && !isAdmin(v)),
  },
  { to: "/admin", label: "Entities", show: always },
  { to: "/clients", label: "Users", show: always },
  { to: "/messages", label: "Messages", show: always },
  { to: "/tax-returns", label: "Deliver", show: (_, p) => Boolean(p.newTaxReturnDeliveryEnabled) },
  { to: "/review-and-export", label: "Connect", show: (_, p) => Boolean(p.reviewAndExportEnabled) },
  { to: "/signature-requests", label: "Signature requests", show: always },
  { to: "/activities", label: "Activities", show: always },
  { to: "/firm", label: "Firm Settings", show: (v) => v.firmAccess === "partner" },
  { to: "/settings/roles", label: "Firm Roles", show: (v, p) => isAdmin(v) && Boolean(p.useFirmRoles) },
  { to: "/drop-link", label: "Drop Link", show: (v, p) => v.firmAccess !== "group" && v.firmAccess !== null && Boolean(p.dropLinkEnabled) },
  { to: "/admin-guide", label: "Guide", show: (v) => v.isAdvisor },
  { to: "/admin-profile", label: "Profile Settings", show: always },
  { to: "/help", label: "Help", show: always },
];

export function staffNavigation(viewer: NavViewer, prefs: NavPreferences, implemented: ReadonlySet<string>): NavItem[] {
  return STAFF_NAV_RULES.filter((rule) => implemented.has(rule.to) && rule.show(viewer, prefs)).map(({ to, label }) => ({ to, label }));
}

/** Client nav: dashboard, inbox, documents, profile. */
export function clientNavigation(prefs: NavPreferences, implemented: ReadonlySet<string>): NavItem[] {
  const items: (NavItem & { show: boolean })[] = [
    { to: "/", label: "Dashboard", show: true },
    { to: "/inbox", label: "Messages", show: !prefs.communicationDisabled },
    { to: "/documents", label: "Documents", show: !prefs.hideDocumentsViewFromClients },
    { to: "/profile", label: "Profile", show: true },
  ];
  return items.filter((i) => i.show && implemented.has(i.to)).map(({ to, label }) => ({ to, label }));
}

/** Pages that exist today. Add a path here when its route ships. */
export const IMPLEMENTED_PAGES: ReadonlySet<string> = new Set(["/", "/firm", "/profile", "/admin-profile", "/documents", "/drop-link", "/admin", "/clients", "/activities"]);
