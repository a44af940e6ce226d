import { cx } from "./cx";
import * as s from "./spinner.css";
import { VisuallyHidden } from "./visually-hidden";

export interface SpinnerProps {
  size?: "sm" | "md" | "lg" | "inherit";
  /** Read by screen readers; pass null inside something that already says it is busy. */
  label?: string | null;
  className?: string;
}

/** A spinning ring in the current text colour. */
export function Spinner({ size = "md", label = "Loading", className }: SpinnerProps) {
  return (
    <span role={label ? "status" : undefined} style={{ display: "inline-flex" }}>
      <svg className={cx(s.spinner, s.size[size], className)} viewBox="0 0 24 24" fill="none" aria-hidden="true">
        <circle className={s.track} cx="12" cy="12" r="9.5" stroke="currentColor" strokeWidth="3" />
        <path d="M21.5 12A9.5 9.5 0 0 0 12 2.5" stroke="currentColor" strokeWidth="3" strokeLinecap="round" />
      </svg>
      {label ? <VisuallyHidden>{label}</VisuallyHidden> : null}
    </span>
  );
}
