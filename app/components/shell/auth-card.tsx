import type { ReactNode } from "react";
import { SkipLink } from "../ui/skip-link";
import { FirmLogo } from "./firm-logo";
import * as s from "./shell.css";

export interface AuthCardProps {
  firmName: string;
  logoUrl?: string | null;
  /** The page's h1, e.g. 'Sign In', '2-Factor Auth', 'Reset password'. */
  title: ReactNode;
  description?: ReactNode;
  /** Under the card: links such as 'Forgot password?'. */
  footer?: ReactNode;
  children: ReactNode;
}

/**
 * Sign-in pages: the firm's logo and name above a centred card. A <form> placed directly in the
 * card gets vertical spacing between its fields.
 */
export function AuthCard({ firmName, logoUrl, title, description, footer, children }: AuthCardProps) {
  return (
    <div className={s.centered}>
      <SkipLink />
      {firmName || logoUrl ? (
        <header className={s.authBrand}>
          <FirmLogo name={firmName} logoUrl={logoUrl} size="lg" showName={false} />
          {firmName ? (
            <p className={s.authFirmName} aria-hidden="true">
              {firmName}
            </p>
          ) : null}
        </header>
      ) : null}
      <main id="main" tabIndex={-1} className={s.authCard}>
        <h1 className={s.authTitle}>{title}</h1>
        {description ? <p className={s.authDescription}>{description}</p> : null}
        <div className={s.authBody}>{children}</div>
      </main>
      {footer ? <footer className={s.authFooter}>{footer}</footer> : null}
    </div>
  );
}
