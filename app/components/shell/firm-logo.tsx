import { Link } from "~/components/ui/link";
import { initials } from "../ui/avatar";
import { cx } from "../ui/cx";
import * as s from "./shell.css";

export interface FirmLogoProps {
  name: string;
  logoUrl?: string | null;
  size?: "sm" | "md" | "lg";
  /** Print the firm name next to the logo (otherwise the logo carries the name for screen readers). */
  showName?: boolean;
  className?: string;
}

/** The firm's logo image, or a monogram of its name on the brand colour when it has none. */
export function FirmLogo({ name, logoUrl, size = "md", showName = true, className }: FirmLogoProps) {
  return (
    <span className={cx(s.firmLink, className)}>
      {logoUrl ? (
        <img className={cx(s.logoImage, s.logoSize[size])} src={logoUrl} alt={showName ? "" : name} />
      ) : (
        <span
          className={cx(s.monogram, s.monogramSize[size])}
          role={showName ? undefined : "img"}
          aria-label={showName ? undefined : name}
          aria-hidden={showName ? true : undefined}
        >
          {initials(name.replace(/&/g, " "))}
        </span>
      )}
      {showName ? <span className={s.firmName}>{name}</span> : null}
    </span>
  );
}

/** The logo as a link home (header of every shell). */
export function FirmHomeLink({
  firm,
  to = "/",
  size = "md",
  showName = true,
}: {
  firm: { name: string; logoUrl?: string | null };
  to?: string;
  size?: FirmLogoProps["size"];
  showName?: boolean;
}) {
  return (
    <Link to={to} className={s.firmLink} aria-label={`${firm.name} home`}>
      <FirmLogo name={firm.name} logoUrl={firm.logoUrl} size={size} showName={showName} />
    </Link>
  );
}
