import type { ReactNode } from "react";
import { cx } from "./cx";
import * as s from "./empty-state.css";

export interface EmptyStateProps {
  /** e.g. 'No questionnaires found' (spec texts). */
  title: ReactNode;
  description?: ReactNode;
  icon?: ReactNode;
  action?: ReactNode;
  compact?: boolean;
  /** Heading level of the title (default h2). */
  titleAs?: "h2" | "h3" | "p";
  className?: string;
}

/** What a list or page shows when there is nothing in it. */
export function EmptyState({ title, description, icon, action, compact, titleAs: Title = "h2", className }: EmptyStateProps) {
  return (
    <div className={cx(s.empty, compact && s.compact, className)}>
      {icon ? <span className={s.icon}>{icon}</span> : null}
      <Title className={s.title}>{title}</Title>
      {description ? <p className={s.description}>{description}</p> : null}
      {action ? <div className={s.action}>{action}</div> : null}
    </div>
  );
}
