import { type LinkProps } from "@remix-run/react";
import { Link } from "./link";
import { forwardRef, type ButtonHTMLAttributes, type ReactNode, type Ref } from "react";
import * as s from "./button.css";
import { cx } from "./cx";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "ghost" | "danger";
export type ButtonSize = "sm" | "md" | "lg";

interface CommonProps {
  variant?: ButtonVariant;
  size?: ButtonSize;
  /** Shows a spinner, sets aria-busy and blocks further clicks. */
  loading?: boolean;
  /** Replaces the label while loading, e.g. "Saving…" (defaults to the label itself). */
  loadingLabel?: string;
  fullWidth?: boolean;
  iconStart?: ReactNode;
  iconEnd?: ReactNode;
  /** For icon-only buttons: pass the icon as children and an aria-label. */
  iconOnly?: boolean;
  className?: string;
  children?: ReactNode;
}

export type ButtonAsButtonProps = CommonProps & Omit<ButtonHTMLAttributes<HTMLButtonElement>, keyof CommonProps> & { to?: undefined };

export type ButtonAsLinkProps = CommonProps &
  Omit<LinkProps, keyof CommonProps> & {
    /** Renders a Remix <Link> that looks like a button. */
    to: LinkProps["to"];
    /** A link can't be disabled natively: this sets aria-disabled and drops the href. */
    disabled?: boolean;
  };

export type ButtonProps = ButtonAsButtonProps | ButtonAsLinkProps;

/**
 * The one button. `<Button>` is a <button type="button"> (pass type="submit" in forms);
 * `<Button to="/inbox">` is a Remix <Link>.
 */
export const Button = forwardRef<HTMLButtonElement | HTMLAnchorElement, ButtonProps>(function Button(props, ref) {
  const { variant = "primary", size = "md", loading = false, loadingLabel, fullWidth, iconStart, iconEnd, iconOnly, className, children, ...rest } = props;
  const classes = cx(s.base, s.size[size], s.variant[variant], iconOnly && s.iconOnly[size], fullWidth && s.fullWidth, className);
  const spinnerSize = size === "lg" ? "md" : "sm";
  const content = (
    <>
      {loading ? <Spinner size={spinnerSize} label={null} /> : iconStart}
      {iconOnly && loading ? null : loading && loadingLabel ? loadingLabel : children}
      {iconEnd}
    </>
  );

  if (rest.to !== undefined) {
    const { disabled, to, onClick, ...linkProps } = rest as ButtonAsLinkProps;
    const inert = disabled || loading;
    return (
      <Link
        {...linkProps}
        ref={ref as Ref<HTMLAnchorElement>}
        to={to}
        className={classes}
        aria-disabled={inert || undefined}
        aria-busy={loading || undefined}
        tabIndex={inert ? -1 : linkProps.tabIndex}
        onClick={(event) => {
          if (inert) event.preventDefault();
          else onClick?.(event);
        }}
      >
        {content}
      </Link>
    );
  }

  const { disabled, type = "button", ...buttonProps } = rest as ButtonAsButtonProps;
  return (
    <button
      {...buttonProps}
      ref={ref as Ref<HTMLButtonElement>}
      type={type}
      className={classes}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
    >
      {content}
    </button>
  );
});
