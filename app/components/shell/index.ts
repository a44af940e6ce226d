export { ClientShell, type ClientShellProps } from "./client-shell";
export { StaffShell, type StaffShellProps } from "./staff-shell";
export { PublicShell, PRODUCT_NAME, type PublicShellProps } from "./public-shell";
export { AuthCard, type AuthCardProps } from "./auth-card";
export { ErrorPanel, NotFoundPanel, UnavailablePanel, useCurrentAddress, ERROR_BOUNDARY_MESSAGE, type NotFoundPanelProps } from "./status-panels";
export { FirmLogo, FirmHomeLink, type FirmLogoProps } from "./firm-logo";
export { UserMenu, type UserMenuProps } from "./user-menu";
export { ShellNavLink } from "./nav-link";
export type { ShellFirm, ShellNavItem, ShellUser } from "./types";
