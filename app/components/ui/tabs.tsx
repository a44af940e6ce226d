import { NavLink } from "@remix-run/react";
import { useId, useRef, useState, type KeyboardEvent, type ReactNode } from "react";
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
}

/** In-page tabs (WAI-ARIA tabs pattern: arrow keys, Home/End), e.g. Details / Settings in a dialog. */
export function Tabs({ tabs, label, defaultTab, value, onChange, className }: TabsProps) {
  const [internal, setInternal] = useState(defaultTab ?? tabs.find((t) => !t.disabled)?.id);
  const selected = value ?? internal;
  const base = useId().replace(/:/g, "");
  const refs = useRef<Record<string, HTMLButtonElement | null>>({});

  const select = (id: string) => {
    if (value === undefined) setInternal(id);
    onChange?.(id);
  };

  const onKeyDown = (event: KeyboardEvent<HTMLDivElement>) => {
    const enabled = tabs.filter((t) => !t.disabled);
    const index = enabled.findIndex((t) => t.id === selected);
    let next: number | null = null;
    if (event.key === "ArrowRight") next = (index + 1) % enabled.length;
    if (event.key === "ArrowLeft") next = (index - 1 + enabled.length) % enabled.length;
    if (event.key === "Home") next = 0;
    if (event.key === "End") next = enabled.length - 1;
    if (next === null) return;
    event.preventDefault();
    const id = enabled[next].id;
    select(id);
    refs.current[id]?.focus();
  };

  return (
    <div className={className}>
      <div role="tablist" aria-label={label} className={s.list} onKeyDown={onKeyDown}>
        {tabs.map((t) => (
          <button
            key={t.id}
            ref={(el) => {
              refs.current[t.id] = el;
            }}
            type="button"
            role="tab"
            id={`${base}-tab-${t.id}`}
            aria-controls={`${base}-panel-${t.id}`}
            aria-selected={t.id === selected}
            tabIndex={t.id === selected ? 0 : -1}
            disabled={t.disabled}
            className={s.tab}
            onClick={() => select(t.id)}
          >
            {t.label}
          </button>
        ))}
      </div>
      {tabs.map((t) => (
        <div
          key={t.id}
          role="tabpanel"
          id={`${base}-panel-${t.id}`}
          aria-labelledby={`${base}-tab-${t.id}`}
          hidden={t.id !== selected}
          tabIndex={0}
          className={s.panel}
        >
          {t.id === selected ? t.content : null}
        </div>
      ))}
    </div>
  );
}
