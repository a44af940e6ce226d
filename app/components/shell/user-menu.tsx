import { Form, NavLink, useLocation } from "@remix-run/react";
import { useEffect, useId, useRef, useState } from "react";
import { Avatar } from "../ui/avatar";
import { cx } from "../ui/cx";
import { ChevronDownIcon, SignOutIcon } from "../ui/icons";
import * as s from "./shell.css";
import type { ShellNavItem, ShellUser } from "./types";

export interface UserMenuProps {
  user: ShellUser;
  /** Links above 'Sign out' (e.g. Profile). */
  items?: ShellNavItem[];
  /** Links shown in the menu on phones only (nav items that have no room there). */
  mobileItems?: ShellNavItem[];
  signOutAction?: string;
}

/** Avatar button opening a small menu: the user's name and email, links, and 'Sign out'. */
export function UserMenu({ user, items = [], mobileItems = [], signOutAction = "/signout" }: UserMenuProps) {
  const [open, setOpen] = useState(false);
  const rootRef = useRef<HTMLDivElement>(null);
  const buttonRef = useRef<HTMLButtonElement>(null);
  const menuId = `menu${useId().replace(/:/g, "")}`;
  const location = useLocation();

  useEffect(() => setOpen(false), [location.pathname, location.search]);

  useEffect(() => {
    if (!open) return;
    const onPointer = (event: PointerEvent) => {
      if (!rootRef.current?.contains(event.target as Node)) setOpen(false);
    };
    const onKey = (event: KeyboardEvent) => {
      if (event.key === "Escape") {
        setOpen(false);
        buttonRef.current?.focus();
      }
    };
    document.addEventListener("pointerdown", onPointer);
    document.addEventListener("keydown", onKey);
    return () => {
      document.removeEventListener("pointerdown", onPointer);
      document.removeEventListener("keydown", onKey);
    };
  }, [open]);

  const link = (item: ShellNavItem, extra?: string) => (
    <li key={item.to} className={extra}>
      <NavLink to={item.to} end={item.end ?? item.to === "/"} className={s.menuItem} onClick={() => setOpen(false)}>
        {item.icon ? <span className={s.menuItemIcon}>{item.icon}</span> : null}
        {item.label}
      </NavLink>
    </li>
  );

  return (
    <div className={s.menuRoot} ref={rootRef}>
      <button
        ref={buttonRef}
        type="button"
        className={s.menuButton}
        aria-expanded={open}
        aria-controls={menuId}
        aria-label={`Account menu for ${user.name}`}
        onClick={() => setOpen((v) => !v)}
      >
        <Avatar name={user.name} size="sm" decorative />
        <span className={s.menuButtonName}>{user.name}</span>
        <ChevronDownIcon size={16} className={s.menuChevron} />
      </button>
      {open ? (
        <div id={menuId} className={s.menu}>
          <div className={s.menuHeader}>
            <span className={s.menuName}>{user.name}</span>
            {user.email ? <span className={s.menuEmail}>{user.email}</span> : null}
          </div>
          <ul className={s.menuList}>
            {mobileItems.map((item) => link(item, s.onlyOnMobile))}
            {items.map((item) => link(item))}
          </ul>
          {items.length || mobileItems.length ? <div className={cx(s.menuSeparator, items.length ? undefined : s.onlyOnMobile)} /> : null}
          <Form method="post" action={signOutAction}>
            <button type="submit" className={s.menuItem}>
              <SignOutIcon size={18} className={s.menuItemIcon} />
              Sign out
            </button>
          </Form>
        </div>
      ) : null}
    </div>
  );
}
