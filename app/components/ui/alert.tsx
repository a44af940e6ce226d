import type { HTMLAttributes, ReactNode } from "react";
import * as s from "./alert.css";
import { cx } from "./cx";
import { CloseIcon, DangerIcon, InfoIcon, SuccessIcon, WarningIcon } from "./icons";

export type AlertTone = "info" | "success" | "warning" | "danger";

export interface AlertProps extends Omit<HTMLAttributes<HTMLDivElement>, "title"> {
  tone?: AlertTone;
  title?: ReactNode;
  /** Buttons or links on the right. */
  action?: ReactNode;
  /** Shows a close button. */
  onDismiss?: () => void;
  /** Hides the tone icon. */
  hideIcon?: boolean;
  children?: ReactNode;
}

const icons = { info: InfoIcon, success: SuccessIcon, warning: WarningIcon, danger: DangerIcon };

/**
 * A message inside the page. Danger and warning alerts are announced at once (role="alert");
 * info and success politely (role="status"). Pass `role` to change that.
 */
export function Alert({ tone = "info", title, action, onDismiss, hideIcon, children, className, role, ...rest }: AlertProps) {
  const Icon = icons[tone];
  return (
    <div
      role={role ?? (tone === "danger" || tone === "warning" ? "alert" : "status")}
      className={cx(s.alert, s.tone[tone], hideIcon && s.noIcon, className)}
      {...rest}
    >
      {hideIcon ? null : <Icon size={20} className={s.icon[tone]} />}
      <div className={s.content}>
        {title ? <p className={s.title}>{title}</p> : null}
        {children ? <div className={s.body}>{children}</div> : null}
      </div>
      {action ? <div className={s.action}>{action}</div> : null}
      {onDismiss ? (
        <button type="button" className={s.dismiss} onClick={onDismiss} aria-label="Dismiss">
          <CloseIcon size={16} />
        </button>
      ) : null}
    </div>
  );
}

/** A full-width strip for page-wide notices (read-only account, maintenance, archived chat). */
export function Banner({ className, ...props }: AlertProps) {
  return <Alert role={props.role ?? "status"} className={cx(s.banner, className)} {...props} />;
}
