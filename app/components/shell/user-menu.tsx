import { Avatar } from "../ui/avatar";
import { useLiveOnReach } from "../ui/live-on-reach";
import { ChevronDownIcon } from "../ui/icons";
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

const loadLiveMenu = () => import("./user-menu-live");

/**
 * Avatar button opening the account menu (WAI-ARIA menu button: arrow keys, Escape, outside
 * click): the user's name and email, links, and 'Sign out'.
 */
export function UserMenu(props: UserMenuProps) {
  const { code, placeholder, live } = useLiveOnReach("menu", loadLiveMenu);
  if (code) {
    return (
      <code.LiveUserMenu {...props} buttonRef={live}>
        <MenuButtonFace name={props.user.name} />
      </code.LiveUserMenu>
    );
  }
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
