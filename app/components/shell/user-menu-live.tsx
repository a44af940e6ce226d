import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { Form } from "@remix-run/react";
import { NavLink } from "~/components/ui/link";
import { useRef, type ReactNode, type Ref } from "react";
import { mq } from "../../../themes/breakpoints";
import { SignOutIcon } from "../ui/icons";
import * as s from "./shell.css";
import type { ShellNavItem } from "./types";
import type { UserMenuProps } from "./user-menu";

/**
 * The live account menu (Headless UI), loaded when the reader reaches its button (`UserMenu`).
 */
export function LiveUserMenu({
  user,
  items = [],
  mobileItems = [],
  signOutAction = "/signout",
  buttonRef,
  children,
}: UserMenuProps & { buttonRef: Ref<HTMLButtonElement>; children: ReactNode }) {
  const signOutForm = useRef<HTMLFormElement>(null);

  return (
    <Menu as="div" className={s.menuRoot}>
      <MenuButton ref={buttonRef} className={s.menuButton} aria-label={`Account menu for ${user.name}`}>
        {children}
      </MenuButton>
      <MenuItems className={s.menu} modal={false}>
        <div className={s.menuHeader}>
          <span className={s.menuName}>{user.name}</span>
          {user.email ? <span className={s.menuEmail}>{user.email}</span> : null}
        </div>
        <MenuLinks items={items} mobileItems={mobileItems} />
        <MenuItem>
          {/* The menu (and this button) is gone before a click could submit a form inside it: the
              item submits the form below, a real form post to /signout that other windows hear of. */}
          <button type="button" className={s.menuItem} onClick={() => signOutForm.current?.requestSubmit()}>
            <SignOutIcon size={18} className={s.menuItemIcon} />
            Sign out
          </button>
        </MenuItem>
      </MenuItems>
      <Form method="post" action={signOutAction} ref={signOutForm} hidden />
    </Menu>
  );
}

/**
 * The links of the open menu. Mounted each time the menu opens (in the browser), so the
 * phone-only links are left out on wider screens rather than hidden: arrow keys never land on them.
 */
function MenuLinks({ items, mobileItems }: { items: ShellNavItem[]; mobileItems: ShellNavItem[] }) {
  const links = [...(onPhone() ? mobileItems : []), ...items];
  if (!links.length) return null;
  return (
    <>
      {links.map((item) => (
        <MenuItem key={item.to}>
          <NavLink to={item.to} end={item.end ?? item.to === "/"} className={s.menuItem}>
            {item.icon ? <span className={s.menuItemIcon}>{item.icon}</span> : null}
            {item.label}
          </NavLink>
        </MenuItem>
      ))}
      <MenuSeparator className={s.menuSeparator} />
    </>
  );
}

function onPhone() {
  return typeof window !== "undefined" && window.matchMedia(mq.mobile).matches;
}
