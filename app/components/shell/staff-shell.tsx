import { useLocation } from "@remix-run/react";
import { useEffect, useRef, useState, type ReactNode } from "react";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { CloseIcon, MenuIcon } from "../ui/icons";
import { SkipLink } from "../ui/skip-link";
import { FirmHomeLink } from "./firm-logo";
import { ShellNavLink } from "./nav-link";
import * as s from "./shell.css";
import type { ShellFirm, ShellNavItem, ShellUser } from "./types";
import { UserMenu } from "./user-menu";

export interface StaffShellProps {
  firm: ShellFirm;
  user: ShellUser;
  /** Staff nav (Collect, Templates, Entities, …), already filtered by the caller. */
  nav: ShellNavItem[];
  /** A second group under the main nav (e.g. Guide, Profile Settings, Help). */
  secondaryNav?: ShellNavItem[];
  userMenu?: ShellNavItem[];
  /** Left side of the top bar (e.g. a search field or the entity switcher). */
  topbarSlot?: ReactNode;
  banner?: ReactNode;
  /** The notification bell, before the user menu. */
  notifications?: ReactNode;
  width?: "content" | "narrow" | "full";
  signOutAction?: string;
  children: ReactNode;
}

/**
 * The staff frame: a sidebar with the firm and navigation on wide screens; below 960 px the
 * sidebar folds into a menu button that opens it as a drawer.
 */
export function StaffShell({
  firm,
  user,
  nav,
  secondaryNav = [],
  userMenu = [],
  topbarSlot,
  banner,
  notifications,
  width = "full",
  signOutAction,
  children,
}: StaffShellProps) {
  const [drawerOpen, setDrawerOpen] = useState(false);
  // For tests and support: the staff shell (its code loads after the page's) has hydrated.
  useEffect(() => {
    document.documentElement.dataset.staffShell = "ready";
    return () => void delete document.documentElement.dataset.staffShell;
  }, []);
  const navigation = (onNavigate?: () => void, labelled = "Main") => (
    <>
      <nav aria-label={labelled} className={s.sideNav}>
        {nav.map((item) => (
          <ShellNavLink key={item.to} item={item} className={s.sideNavLink} onNavigate={onNavigate} tooltipPlacement="right" />
        ))}
      </nav>
      {secondaryNav.length ? (
        <nav aria-label={`${labelled} secondary`} className={cx(s.sideNav, s.sidebarFooter)}>
          {secondaryNav.map((item) => (
            <ShellNavLink key={item.to} item={item} className={s.sideNavLink} onNavigate={onNavigate} tooltipPlacement="right" />
          ))}
        </nav>
      ) : null}
    </>
  );

  return (
    <div className={s.staffFrame}>
      <SkipLink />
      <aside className={s.sidebar}>
        <div className={s.sidebarContent}>
          <div className={s.sidebarFirm}>
            <FirmHomeLink firm={firm} size="sm" />
          </div>
          {navigation()}
        </div>
      </aside>
      <div className={s.staffMain}>
        <header className={s.topbar}>
          <span className={s.onlyBelowDesktop}>
            <Button variant="ghost" iconOnly aria-label="Open menu" aria-expanded={drawerOpen} onClick={() => setDrawerOpen(true)}>
              <MenuIcon size={20} />
            </Button>
          </span>
          <span className={s.onlyBelowDesktop} style={{ minWidth: 0, display: "flex" }}>
            <FirmHomeLink firm={firm} size="sm" />
          </span>
          {topbarSlot ? <div className={cx(s.headerSlot, s.hideOnMobile)}>{topbarSlot}</div> : null}
          <span className={s.spacer} />
          {notifications}
          <UserMenu user={user} items={userMenu} signOutAction={signOutAction} />
        </header>
        {banner}
        <main id="main" tabIndex={-1} className={cx(s.main, s.mainWidth[width])}>
          {children}
        </main>
      </div>
      <NavDrawer open={drawerOpen} onClose={() => setDrawerOpen(false)} firm={firm}>
        {navigation(() => setDrawerOpen(false), "Menu")}
      </NavDrawer>
    </div>
  );
}

/** The staff navigation as a modal drawer from the left (native <dialog>: inert page, Escape). */
function NavDrawer({ open, onClose, firm, children }: { open: boolean; onClose: () => void; firm: ShellFirm; children: ReactNode }) {
  const ref = useRef<HTMLDialogElement>(null);
  const location = useLocation();
  const onCloseRef = useRef(onClose);
  onCloseRef.current = onClose;

  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    if (open && !dialog.open) {
      dialog.showModal();
      dialog.querySelector<HTMLElement>("[aria-current='page']")?.focus();
    }
    if (!open && dialog.open) dialog.close();
  }, [open]);

  useEffect(() => onCloseRef.current(), [location.pathname]);

  // A click on the backdrop (the dialog element itself, outside the panel) closes the drawer.
  // Mouse only: keyboard users have Escape and the Close button.
  useEffect(() => {
    const dialog = ref.current;
    if (!dialog) return;
    const onClick = (event: MouseEvent) => {
      if (event.target === dialog) onCloseRef.current();
    };
    dialog.addEventListener("click", onClick);
    return () => dialog.removeEventListener("click", onClick);
  }, []);

  return (
    <dialog
      ref={ref}
      className={s.drawer}
      aria-label="Menu"
      onCancel={(event) => {
        event.preventDefault();
        onClose();
      }}
      onClose={() => onCloseRef.current()}
    >
      {open ? (
        <div className={s.drawerPanel}>
          <div className={s.drawerHeader}>
            <FirmHomeLink firm={firm} size="sm" />
            <Button variant="ghost" iconOnly size="sm" aria-label="Close menu" onClick={onClose}>
              <CloseIcon size={18} />
            </Button>
          </div>
          {children}
        </div>
      ) : null}
    </dialog>
  );
}
