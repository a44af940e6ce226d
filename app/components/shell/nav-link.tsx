import { NavLink } from "~/components/ui/link";
import { Tooltip } from "../ui/tooltip";
import * as s from "./shell.css";
import type { ShellNavItem } from "./types";

/**
 * One navigation entry as a NavLink (aria-current="page" when active), or, when disabled, a
 * focusable non-link with its tooltip.
 */
export function ShellNavLink({
  item,
  className,
  onNavigate,
  tooltipPlacement = "bottom",
}: {
  item: ShellNavItem;
  className: string;
  onNavigate?: () => void;
  tooltipPlacement?: "top" | "bottom" | "right";
}) {
  const content = (
    <>
      {item.icon}
      <span className={s.sideNavText}>{item.label}</span>
      {item.count ? (
        <span className={s.count} aria-label={`${item.count} new`}>
          {item.count > 99 ? "99+" : item.count}
        </span>
      ) : null}
    </>
  );
  if (item.disabled) {
    const disabled = (
      <span className={className} role="link" aria-disabled="true" tabIndex={0}>
        {content}
      </span>
    );
    return item.tooltip ? (
      <Tooltip content={item.tooltip} placement={tooltipPlacement}>
        {disabled}
      </Tooltip>
    ) : (
      disabled
    );
  }
  const link = (
    <NavLink to={item.to} end={item.end ?? item.to === "/"} className={className} onClick={onNavigate} prefetch="intent">
      {content}
    </NavLink>
  );
  return item.tooltip ? (
    <Tooltip content={item.tooltip} placement={tooltipPlacement}>
      {link}
    </Tooltip>
  ) : (
    link
  );
}
