import { Link } from "./link";
import type { ReactNode } from "react";
import { cx } from "./cx";
import { ChevronLeftIcon } from "./icons";
import * as s from "./page-header.css";

export interface PageHeaderProps {
  /** The page's h1. */
  title: ReactNode;
  description?: ReactNode;
  /** Small caps line above the title (e.g. the tax year). */
  eyebrow?: ReactNode;
  actions?: ReactNode;
  /** A back link above the title, e.g. { to: '/clients', label: 'Back to Users' }. */
  back?: { to: string; label: string };
  className?: string;
}

export function PageHeader({ title, description, eyebrow, actions, back, className }: PageHeaderProps) {
  return (
    <header className={cx(s.header, className)}>
      {back ? (
        <Link to={back.to} className={s.back}>
          <ChevronLeftIcon size={16} />
          {back.label}
        </Link>
      ) : null}
      <div className={s.row}>
        <div className={s.titles}>
          {eyebrow ? <p className={s.eyebrow}>{eyebrow}</p> : null}
          <h1 className={s.title}>{title}</h1>
          {description ? <p className={s.description}>{description}</p> : null}
        </div>
        {actions ? <div className={s.actions}>{actions}</div> : null}
      </div>
    </header>
  );
}
