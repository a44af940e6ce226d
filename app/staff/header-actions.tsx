/**
 * The buttons of a staff page header (entity and user pages), in one size: the main action as a
 * primary button, the others as secondary buttons; on phones the others fold into a 'More actions'
 * menu (headless Menu: arrow keys, Escape, outside click) so the header stays on one line.
 */
import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { ReactNode } from "react";
import { Button } from "~/components/ui";
import { ChevronDownIcon } from "~/components/ui/icons";
import * as s from "./staff.css";

export interface HeaderAction {
  label: string;
  onClick: () => void;
  /** Destructive (Delete): shown last, in the danger colour inside the menu. */
  danger?: boolean;
}

export function HeaderActions({ status, primary, actions }: { status?: ReactNode; primary?: ReactNode; actions: HeaderAction[] }) {
  return (
    <div className={s.headerActions}>
      {status}
      {primary}
      {actions.map((a) => (
        <Button key={a.label} className={s.wideOnly} variant="secondary" onClick={a.onClick}>
          {a.label}
        </Button>
      ))}
      {actions.length ? (
        <Menu as="div" className={s.phoneOnly}>
          <MenuButton as={Button} variant="secondary" iconEnd={<ChevronDownIcon size={16} />}>
            More actions
          </MenuButton>
          <MenuItems className={s.actionMenu} anchor={{ to: "bottom end", gap: 6 }} modal={false}>
            {actions.map((a) => (
              <MenuItem key={a.label}>
                <button type="button" className={a.danger ? s.actionMenuItemDanger : s.actionMenuItem} onClick={a.onClick}>
                  {a.label}
                </button>
              </MenuItem>
            ))}
          </MenuItems>
        </Menu>
      ) : null}
    </div>
  );
}
