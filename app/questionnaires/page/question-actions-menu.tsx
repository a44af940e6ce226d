import { Menu, MenuButton, MenuItem, MenuItems } from "@headlessui/react";
import type { ReactNode, Ref } from "react";
import { useVocabulary } from "~/vocabulary";
import * as s from "../questionnaire.css";

/** A question's live Actions menu (Headless UI), loaded when the reader reaches its button (`ActionsMenu`). */
export function LiveActionsMenu({
  label,
  items,
  buttonRef,
  children,
}: {
  label: string;
  items: { label: string; run: () => void }[];
  buttonRef: Ref<HTMLButtonElement>;
  children: ReactNode;
}) {
  const t = useVocabulary();
  return (
    <Menu>
      <MenuButton ref={buttonRef} className={s.menuButton} aria-label={label}>
        {children}
      </MenuButton>
      <MenuItems anchor={{ to: "bottom end", gap: 4, padding: 8 }} className={s.menu} modal={false}>
        {items.map((item) => (
          <MenuItem key={item.label}>
            <button type="button" className={s.menuItem} onClick={item.run}>
              {t(item.label)}
            </button>
          </MenuItem>
        ))}
      </MenuItems>
    </Menu>
  );
}
