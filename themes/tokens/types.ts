/**
 * The shape every built-in theme fills in. `contract.css.ts` turns the same shape into
 * CSS variables, so a theme that misses a token does not type-check.
 */
export interface ThemeTokens {
  color: {
    /** The firm's brand colour (buttons, active navigation, links). Overridable per firm. */
    brand: string;
    /** Text and icons placed on `brand` (black or white, whichever passes WCAG AA). */
    brandContrast: string;
    /** A light tint of `brand` for selected rows, active nav backgrounds, highlights. */
    brandSoft: string;
    /** `brand` darkened until it reads as text on `surface` (links, active nav labels). */
    brandText: string;
    text: string;
    textMuted: string;
    /** Text on dark or status-coloured backgrounds (danger buttons, tooltips). */
    textInverse: string;
    surface: string;
    surfaceAlt: string;
    page: string;
    border: string;
    borderStrong: string;
    focus: string;
    /** Dialog backdrop. */
    overlay: string;
    success: string;
    successSoft: string;
    warning: string;
    warningSoft: string;
    danger: string;
    dangerSoft: string;
    info: string;
    infoSoft: string;
  };
  font: { body: string; heading: string; mono: string };
  fontSize: { xs: string; sm: string; md: string; lg: string; xl: string; "2xl": string; "3xl": string };
  fontWeight: { regular: string; medium: string; semibold: string; bold: string };
  lineHeight: { tight: string; snug: string; normal: string };
  /** Heading letter-spacing: serif themes want none, tight sans themes a little negative. */
  letterSpacing: { heading: string; caps: string };
  space: {
    "2xs": string;
    xs: string;
    sm: string;
    md: string;
    lg: string;
    xl: string;
    "2xl": string;
    "3xl": string;
    "4xl": string;
  };
  radius: { sm: string; md: string; lg: string; xl: string; full: string };
  shadow: { sm: string; md: string; lg: string };
  layout: {
    contentWidth: string;
    narrowWidth: string;
    authWidth: string;
    sidebarWidth: string;
    headerHeight: string;
  };
  motion: { fast: string; normal: string };
}
