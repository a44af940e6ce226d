/**
 * The theme contract: every colour, font, size and spacing a component may use, as CSS variables.
 * Components style only through `vars`; a built-in theme (`createTheme(vars, …)`) fills them in
 * on the root element, and a firm's brand colour overrides the four brand variables inline
 * (see `brandVars` in ./index.ts).
 */
import { createThemeContract } from "@vanilla-extract/css";
import type { ThemeTokens } from "./tokens/types";

type Shape<T> = { [K in keyof T]: T[K] extends string ? null : Shape<T[K]> };

const shape: Shape<ThemeTokens> = {
  color: {
    brand: null,
    brandContrast: null,
    brandSoft: null,
    brandText: null,
    text: null,
    textMuted: null,
    textInverse: null,
    surface: null,
    surfaceAlt: null,
    page: null,
    border: null,
    borderStrong: null,
    focus: null,
    overlay: null,
    success: null,
    successSoft: null,
    warning: null,
    warningSoft: null,
    danger: null,
    dangerSoft: null,
    info: null,
    infoSoft: null,
  },
  font: { body: null, heading: null, mono: null },
  fontSize: { xs: null, sm: null, md: null, lg: null, xl: null, "2xl": null, "3xl": null },
  fontWeight: { regular: null, medium: null, semibold: null, bold: null },
  lineHeight: { tight: null, snug: null, normal: null },
  letterSpacing: { heading: null, caps: null },
  space: { "2xs": null, xs: null, sm: null, md: null, lg: null, xl: null, "2xl": null, "3xl": null, "4xl": null },
  radius: { sm: null, md: null, lg: null, xl: null, full: null },
  shadow: { sm: null, md: null, lg: null },
  layout: { contentWidth: null, narrowWidth: null, authWidth: null, sidebarWidth: null, headerHeight: null },
  motion: { fast: null, normal: null },
};

export const vars = createThemeContract(shape);
