import { Menu, MenuButton, MenuItem, MenuItems, MenuSeparator } from "@headlessui/react";
import { Form } from "@remix-run/react";
import { NavLink } from "~/components/ui/link";
import { useRef, type Ref } from "react";
import { mq } from "../../../themes/breakpoints";
import { Avatar } from "../ui/avatar";
import { useLiveOnReach } from "../ui/live-on-reach";
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

/**
 * Avatar button opening the account menu (WAI-ARIA menu button: arrow keys, Escape, outside
 * click): the user's name and email, links, and 'Sign out'.
 */
export function UserMenu(props: UserMenuProps) {
  const { isLive, placeholder, live } = useLiveOnReach("menu");
  if (isLive) return <LiveUserMenu {...props} buttonRef={live} />;
  return (
    <div className={s.menuRoot}>
      <button
        {...placeholder}
        type="button"
        className={s.menuButton}
        aria-label={`Account menu for ${props.user.name}`}
        aria-haspopup="menu"
        aria-expanded="false"
      >
        <MenuButtonFace name={props.user.name} />
      </button>
    </div>
  );
}

function MenuButtonFace({ name }: { name: string }) {
  return (
    <>
      <Avatar name={name} size="sm" decorative />
      <span className={s.menuButtonName}>{name}</span>
      <ChevronDownIcon size={16} className={s.menuChevron} />
    </>
  );
}

function LiveUserMenu({ user, items = [], mobileItems = [], signOutAction = "/signout", buttonRef }: UserMenuProps & { buttonRef: Ref<HTMLButtonElement> }) {
  const signOutForm = useRef<HTMLFormElement>(null);

  return (
    <Menu as="div" className={s.menuRoot}>
      <MenuButton ref={buttonRef} className={s.menuButton} aria-label={`Account menu for ${user.name}`}>
        <MenuButtonFace name={user.name} />
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
