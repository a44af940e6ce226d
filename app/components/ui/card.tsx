import type { ElementType, HTMLAttributes, ReactNode } from "react";
import * as s from "./card.css";
import { cx } from "./cx";

export interface CardProps extends Omit<HTMLAttributes<HTMLElement>, "title"> {
  title?: ReactNode;
  /** Heading level of the title (default h2). */
  titleAs?: "h2" | "h3" | "h4";
  description?: ReactNode;
  /** Buttons at the top right. */
  actions?: ReactNode;
  /** A footer strip (surfaceAlt) with right-aligned buttons. */
  footer?: ReactNode;
  padding?: "none" | "md" | "lg";
  /** Lifts on hover (for cards that are links). */
  interactive?: boolean;
  as?: ElementType;
  children?: ReactNode;
}

/**
 * A surface with an optional header (title, description, actions) and footer. With
 * padding="none" the header gets its own padding and a divider, for tables and lists.
 */
export function Card({
  title,
  titleAs: Title = "h2",
  description,
  actions,
  footer,
  padding = "lg",
  interactive,
  as: Tag = "section",
  className,
  children,
  ...rest
}: CardProps) {
  const hasHeader = Boolean(title || description || actions);
  return (
    <Tag className={cx(s.card, s.padding[padding], interactive && s.interactive, className)} {...rest}>
      {hasHeader ? (
        <div className={cx(s.header, padding === "none" && s.headerPadded)}>
          <div className={s.titles}>
            {title ? <Title className={s.title}>{title}</Title> : null}
            {description ? <p className={s.description}>{description}</p> : null}
          </div>
          {actions ? <div className={s.actions}>{actions}</div> : null}
        </div>
      ) : null}
      <div className={s.body}>{children}</div>
      {footer ? <div className={cx(s.footer, s.footerInset[padding])}>{footer}</div> : null}
    </Tag>
  );
}
