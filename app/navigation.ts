/**
 * Which navigation items a user sees, from the spec's tables and conditions.
 * Items whose page is not built yet are left out (`implemented`), so the navigation
 * never links to a page that does not exist.
 */
import {
  canOpenConnect,
  canOpenDeliver,
  canOpenSignatureRequests,
  canEditFirmPreferences,
  canOpenDropLink,
  canOpenFirmRoles,
  canOpenFirmSettings,
  canOpenGuide,
  canOpenTemplates,
  isFirmAdmin,
  type FirmAccess,
} from "~/staff/permissions";
import { canOpenTeam } from "~/team/team-rules";

export type { FirmAccess };

export interface NavViewer {
  firmAccess: FirmAccess;
  isAdvisor: boolean;
}

export interface NavPreferences {
  newTaxReturnDeliveryEnabled?: boolean;
  signatureRequestsEnabled?: boolean;
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
  /** Unread messages beside Messages (set by the root loader). */
  count?: number;
}

interface StaffNavRule extends NavItem {
  show: (viewer: NavViewer, prefs: NavPreferences) => boolean;
}

const always = () => true;
/** Custom Statuses (a firm setup page beside Firm Roles): partner or admin. */
const canManageCustomStatuses = (viewer: NavViewer) => isFirmAdmin(viewer);

/** The staff navigation table of the spec, in its order; role conditions come from `permissions.ts`. */
export const STAFF_NAV_RULES: StaffNavRule[] = [
  { to: "/", label: "Collect", show: always },
  { to: "/templates", label: "Templates", show: canOpenTemplates },
  { to: "/admin", label: "Entities", show: always },
  { to: "/clients", label: "Users", show: always },
  { to: "/messages", label: "Messages", show: always },
  { to: "/tax-returns", label: "Deliver", show: canOpenDeliver },
  { to: "/review-and-export", label: "Connect", show: canOpenConnect },
  { to: "/signature-requests", label: "Signature requests", show: canOpenSignatureRequests },
  { to: "/activities", label: "Activities", show: always },
  { to: "/firm", label: "Firm Settings", show: canOpenFirmSettings },
  // Admins have no Firm Settings; partners reach the preferences from its tabs.
  { to: "/firm/preferences", label: "Firm Preferences", show: (v) => canEditFirmPreferences(v) && !canOpenFirmSettings(v) },
  { to: "/settings/roles", label: "Firm Roles", show: canOpenFirmRoles },
  { to: "/settings/team", label: "Team", show: canOpenTeam },
  { to: "/settings/statuses", label: "Custom Statuses", show: canManageCustomStatuses },
  { to: "/drop-link", label: "Drop Link", show: canOpenDropLink },
  { to: "/admin-guide", label: "Guide", show: canOpenGuide },
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
export const IMPLEMENTED_PAGES: ReadonlySet<string> = new Set([
  "/",
  "/firm",
  "/profile",
  "/admin-profile",
  "/documents",
  "/drop-link",
  "/admin",
  "/clients",
  "/inbox",
  "/activities",
  "/templates",
  "/messages",
  "/firm/preferences",
  "/settings/team",
  "/settings/roles",
  "/settings/statuses",
  "/tax-returns",
  "/signature-requests",
  "/review-and-export",
]);
