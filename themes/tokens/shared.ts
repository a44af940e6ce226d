import type { ThemeTokens } from "./types";

/** Scales most themes share; a theme overrides what gives it its character. */
export const systemSans = '"Inter", -apple-system, BlinkMacSystemFont, "Segoe UI", Roboto, "Helvetica Neue", "Liberation Sans", Arial, sans-serif';
export const systemMono = 'ui-monospace, SFMono-Regular, Menlo, Consolas, "Liberation Mono", "DejaVu Sans Mono", monospace';

export const fontSize: ThemeTokens["fontSize"] = {
  xs: "0.75rem",
  sm: "0.8125rem",
  md: "0.9375rem",
  lg: "1.0625rem",
  xl: "1.25rem",
  "2xl": "1.5rem",
  "3xl": "1.875rem",
};

export const fontWeight: ThemeTokens["fontWeight"] = {
  regular: "400",
  medium: "500",
  semibold: "600",
  bold: "700",
};

export const lineHeight: ThemeTokens["lineHeight"] = { tight: "1.2", snug: "1.35", normal: "1.55" };

export const space: ThemeTokens["space"] = {
  "2xs": "2px",
  xs: "4px",
  sm: "8px",
  md: "12px",
  lg: "16px",
  xl: "24px",
  "2xl": "32px",
  "3xl": "48px",
  "4xl": "64px",
};

export const layout: ThemeTokens["layout"] = {
  contentWidth: "1200px",
  narrowWidth: "760px",
  authWidth: "420px",
  sidebarWidth: "248px",
  headerHeight: "60px",
};

export const motion: ThemeTokens["motion"] = { fast: "120ms", normal: "200ms" };

/** Status colours checked for AA contrast as text on their soft backgrounds (tests/unit/themes.test.ts). */
export const status = {
  success: "#15803D",
  successSoft: "#ECFDF3",
  warning: "#A15C07",
  warningSoft: "#FFF8EB",
  danger: "#B42318",
  dangerSoft: "#FEF3F2",
  info: "#1D5BD8",
  infoSoft: "#EFF5FF",
} as const;
