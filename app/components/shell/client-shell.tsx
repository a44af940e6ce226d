import type { ReactNode } from "react";
import { cx } from "../ui/cx";
import { SkipLink } from "../ui/skip-link";
import { FirmHomeLink } from "./firm-logo";
import { ShellNavLink } from "./nav-link";
import * as s from "./shell.css";
import type { ShellFirm, ShellNavItem, ShellUser } from "./types";
import { UserMenu } from "./user-menu";

export interface ClientShellProps {
  firm: ShellFirm;
  user: ShellUser;
  /** Client nav (dashboard, inbox, documents, profile), already filtered by the caller. */
  nav: ShellNavItem[];
  /**
   * The segments on phones (labelled "Main" like the desktop nav: only one of them shows at a time) (spec: "Mobile has two segments: Dashboard and Documents").
   * Defaults to the nav items for "/" and "/documents…". Other nav items move into the user menu.
   */
  mobileNav?: ShellNavItem[];
  /** Extra links in the user menu. */
  userMenu?: ShellNavItem[];
  /** Right side of the header, before the user menu (e.g. the entity selector). */
  headerSlot?: ReactNode;
  /** Full-width notices above the content (read-only, maintenance). */
  banner?: ReactNode;
  /** The notification bell, before the user menu. */
  notifications?: ReactNode;
  width?: "content" | "narrow" | "full";
  signOutAction?: string;
  children: ReactNode;
}

/** The client portal frame: firm header with navigation and account menu, then the page. */
export function ClientShell({
  firm,
  user,
  nav,
  mobileNav,
  userMenu = [],
  headerSlot,
  banner,
  notifications,
  width = "content",
  signOutAction,
  children,
}: ClientShellProps) {
  const segments = mobileNav ?? nav.filter((item) => item.to === "/" || item.to.startsWith("/documents"));
  const segmentPaths = new Set(segments.map((item) => item.to));
  const menuOnMobile = nav.filter((item) => !segmentPaths.has(item.to) && !item.disabled);
  return (
    <div className={s.frame}>
      <SkipLink />
      <header className={s.header}>
        <div className={s.headerInner}>
          <FirmHomeLink firm={firm} />
          <nav aria-label="Main" className={cx(s.topNav, s.hideOnMobile)}>
            {nav.map((item) => (
              <ShellNavLink key={item.to} item={item} className={s.topNavLink} />
            ))}
          </nav>
          <span className={s.spacer} />
          {headerSlot ? <div className={s.headerSlot}>{headerSlot}</div> : null}
          {notifications}
          <UserMenu user={user} items={userMenu} mobileItems={menuOnMobile} signOutAction={signOutAction} />
        </div>
      </header>
      {segments.length > 0 ? (
        <nav aria-label="Main" className={cx(s.segmentBar, s.onlyOnMobile)}>
          <div className={s.segments}>
            {segments.map((item) => (
              <ShellNavLink key={item.to} item={item} className={s.segment} />
            ))}
          </div>
        </nav>
      ) : null}
      {banner}
      <main id="main" tabIndex={-1} className={cx(s.main, s.mainWidth[width])}>
        {children}
      </main>
    </div>
  );
}
