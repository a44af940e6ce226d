import { cloneElement, isValidElement, useId, useState, type ReactElement, type ReactNode } from "react";
import { cx } from "./cx";
import * as s from "./tooltip.css";

export interface TooltipProps {
  content: ReactNode;
  /** One focusable element; it gets aria-describedby pointing at the tooltip. */
  children: ReactElement<Record<string, unknown>>;
  placement?: "top" | "bottom" | "right";
  className?: string;
}

/**
 * A short description shown on hover and keyboard focus, dismissed with Escape
 * (e.g. 'Entity has no active owners to message.' on a disabled nav item).
 */
export function Tooltip({ content, children, placement = "top", className }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = `tip${useId().replace(/:/g, "")}`;
  const child = isValidElement(children)
    ? cloneElement(children, {
        "aria-describedby": [children.props["aria-describedby"], id].filter(Boolean).join(" "),
      })
    : children;
  return (
    <span
      className={cx(s.anchor, className)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
      onKeyDown={(event) => {
        if (event.key === "Escape" && open) {
          event.stopPropagation();
          setOpen(false);
        }
      }}
    >
      {child}
      <span role="tooltip" id={id} className={cx(s.tip, s.placement[placement])} data-open={open}>
        {content}
      </span>
    </span>
  );
}
