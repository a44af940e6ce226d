import type { HTMLAttributes, ReactNode } from "react";
import * as s from "./badge.css";
import { cx } from "./cx";

export type BadgeTone = "neutral" | "brand" | "info" | "success" | "warning" | "danger";

export interface BadgeProps extends HTMLAttributes<HTMLSpanElement> {
  tone?: BadgeTone;
  size?: "sm" | "md";
  /** A coloured dot before the label (status pills). */
  dot?: boolean;
  icon?: ReactNode;
  children: ReactNode;
}

/** A short status label: 'Completed', 'Due in 3 days', 'Locked'. */
export function Badge({ tone = "neutral", size = "sm", dot, icon, className, children, ...rest }: BadgeProps) {
  return (
    <span className={cx(s.badge, s.size[size], s.tone[tone], className)} {...rest}>
      {dot ? <span className={s.dot} aria-hidden="true" /> : icon}
      {children}
    </span>
  );
}

/** A fully rounded badge (e.g. the review page's Completed / Incomplete pills). */
export function Pill({ className, ...props }: BadgeProps) {
  return <Badge className={cx(s.pill, className)} {...props} />;
}
