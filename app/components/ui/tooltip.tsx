import { cloneElement, isValidElement, useId, useState, type KeyboardEvent, type ReactElement, type ReactNode } from "react";
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
 * A short description shown on hover and keyboard focus, dismissed with Escape (WCAG 1.4.13)
 * (e.g. 'Entity has no active owners to message.' on a disabled nav item). The text is always in
 * the page, so screen readers read it through aria-describedby whether it is shown or not.
 */
export function Tooltip({ content, children, placement = "top", className }: TooltipProps) {
  const [open, setOpen] = useState(false);
  const id = `tip${useId().replace(/:/g, "")}`;
  const child = isValidElement(children)
    ? cloneElement(children, {
        "aria-describedby": [children.props["aria-describedby"], id].filter(Boolean).join(" "),
        // Escape is handled on the focusable child itself (the wrapper is not interactive).
        onKeyDown: (event: KeyboardEvent<HTMLElement>) => {
          (children.props.onKeyDown as ((event: KeyboardEvent<HTMLElement>) => void) | undefined)?.(event);
          if (event.key === "Escape" && open) {
            event.stopPropagation();
            setOpen(false);
          }
        },
      })
    : children;
  return (
    <span
      className={cx(s.anchor, className)}
      onMouseEnter={() => setOpen(true)}
      onMouseLeave={() => setOpen(false)}
      onFocus={() => setOpen(true)}
      onBlur={() => setOpen(false)}
    >
      {child}
      <span role="tooltip" id={id} className={cx(s.tip, s.placement[placement])} data-open={open}>
        {content}
      </span>
    </span>
  );
}
