import { NavLink } from "./link";
import { Tab, TabGroup, TabList, TabPanel, TabPanels } from "@headlessui/react";
import { Fragment, type ReactNode } from "react";
import { cx } from "./cx";
import * as s from "./tabs.css";
import { Tooltip } from "./tooltip";

export interface TabNavItem {
  to: string;
  label: string;
  disabled?: boolean;
  tooltip?: string;
  end?: boolean;
}

/**
 * Page-level tabs that are links (e.g. the entity nav: Overview, Dashboard, Messages, Documents).
 * The active one is marked by NavLink (aria-current="page").
 */
export function TabNav({ items, label, className }: { items: TabNavItem[]; label: string; className?: string }) {
  return (
    <nav aria-label={label} className={cx(s.list, className)}>
      {items.map((item) => {
        if (item.disabled) {
          const span = (
            <span key={item.to} className={s.tab} role="link" aria-disabled="true" tabIndex={0}>
              {item.label}
            </span>
          );
          return item.tooltip ? (
            <Tooltip key={item.to} content={item.tooltip} placement="bottom">
              {span}
            </Tooltip>
          ) : (
            span
          );
        }
        return (
          <NavLink key={item.to} to={item.to} end={item.end ?? true} className={s.tab}>
            {item.label}
          </NavLink>
        );
      })}
    </nav>
  );
}

export interface TabsProps {
  tabs: { id: string; label: string; content: ReactNode; disabled?: boolean }[];
  /** Accessible name of the tab list. */
  label: string;
  defaultTab?: string;
  /** Controlled mode. */
  value?: string;
  onChange?: (id: string) => void;
  className?: string;
  /** Keep every panel in the page (hidden when not selected), e.g. a form's fields across tabs. */
  keepMounted?: boolean;
}

/**
 * In-page tabs (WAI-ARIA tabs pattern through Headless UI: arrow keys, Home/End, selection follows
 * focus), e.g. Details / Settings in a dialog. Only the selected panel is rendered, unless
 * `keepMounted`.
 */
export function Tabs({ tabs, label, defaultTab, value, onChange, className, keepMounted = false }: TabsProps) {
  const indexOf = (id: string | undefined) => {
    const index = tabs.findIndex((t) => t.id === id);
    return index >= 0
      ? index
      : Math.max(
          0,
          tabs.findIndex((t) => !t.disabled),
        );
  };
  return (
    <TabGroup
      className={className}
      defaultIndex={value === undefined ? indexOf(defaultTab) : undefined}
      selectedIndex={value === undefined ? undefined : indexOf(value)}
      onChange={(index) => onChange?.(tabs[index].id)}
    >
      <TabList aria-label={label} className={s.list}>
        {tabs.map((t) => (
          <Tab key={t.id} disabled={t.disabled} className={s.tab}>
            {t.label}
          </Tab>
        ))}
      </TabList>
      <TabPanels as={Fragment}>
        {tabs.map((t) => (
          <TabPanel key={t.id} className={s.panel} unmount={!keepMounted}>
            {t.content}
          </TabPanel>
        ))}
      </TabPanels>
    </TabGroup>
  );
}
