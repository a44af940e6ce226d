import { Link, NavLink } from "~/components/ui/link";
import type { ReactNode } from "react";
import { Button } from "../ui/button";
import { cx } from "../ui/cx";
import { SkipLink } from "../ui/skip-link";
import * as s from "./shell.css";

export const PRODUCT_NAME = "Client Portal";

export interface PublicShellProps {
  productName?: string;
  /** Links in the header (e.g. Features, Pricing); hidden on phones. */
  nav?: { to: string; label: string }[];
  /** Replaces the 'Sign up your firm' button. */
  cta?: ReactNode;
  width?: "content" | "narrow" | "full";
  children: ReactNode;
}

/** The product's own site on the root domain: header with the sign-up call to action, footer. */
export function PublicShell({ productName = PRODUCT_NAME, nav = [], cta, width = "content", children }: PublicShellProps) {
  return (
    <div className={s.frame}>
      <SkipLink />
      <header className={s.publicHeader}>
        <div className={s.headerInner}>
          <Link to="/" className={s.firmLink} aria-label={`${productName} home`}>
            <span className={s.productMark} aria-hidden="true">
              <svg width="18" height="18" viewBox="0 0 24 24" fill="none" stroke="currentColor" strokeWidth="2.2" strokeLinecap="round" strokeLinejoin="round">
                <path d="M4 5.5A1.5 1.5 0 0 1 5.5 4h13A1.5 1.5 0 0 1 20 5.5v13a1.5 1.5 0 0 1-1.5 1.5h-13A1.5 1.5 0 0 1 4 18.5Z" />
                <path d="m8.5 12.5 2.5 2.5 4.5-5.5" />
              </svg>
            </span>
            <span className={s.productName}>{productName}</span>
          </Link>
          {nav.length ? (
            <nav aria-label="Main" className={cx(s.publicNav, s.hideOnMobile)}>
              {nav.map((item) => (
                <NavLink key={item.to} to={item.to} className={s.publicNavLink}>
                  {item.label}
                </NavLink>
              ))}
            </nav>
          ) : null}
          <span className={s.spacer} />
          {cta ?? (
            <>
              <Button to="/find-firm" size="sm" variant="ghost">
                Sign in
              </Button>
              {/* On phones the home page's own button signs up: the header keeps Sign in. */}
              <Button to="/create-firm" size="sm" className={s.hideOnMobile}>
                Sign up your firm
              </Button>
            </>
          )}
        </div>
      </header>
      <main id="main" tabIndex={-1} className={cx(s.main, s.mainWidth[width])}>
        {children}
      </main>
      <footer className={s.footer}>
        <div className={s.footerInner}>
          <span>
            © {new Date().getFullYear()} {productName}
          </span>
          <span>Secure client portals for tax and accounting firms</span>
        </div>
      </footer>
    </div>
  );
}
