import { brandColors } from "../brand";
import { THEME_INFO } from "../catalog";
import type { ThemeTokens } from "./types";
import { fontSize, fontWeight, layout, lineHeight, motion, space, status, systemMono, systemSans } from "./shared";

/** Slate: indigo on crisp neutral greys. Also the product's own site on the root domain. */
export const slate: ThemeTokens = {
  color: {
    ...brandColors(THEME_INFO.slate.defaultBrand),
    text: "#111827",
    textMuted: "#545B68",
    textInverse: "#FFFFFF",
    surface: "#FFFFFF",
    surfaceAlt: "#F7F7F8",
    page: "#F4F4F6",
    border: "#E4E4E8",
    borderStrong: "#CDCDD4",
    focus: "#6366F1",
    overlay: "rgba(17, 24, 39, 0.45)",
    ...status,
  },
  font: { body: systemSans, heading: systemSans, mono: systemMono },
  fontSize,
  fontWeight,
  lineHeight,
  letterSpacing: { heading: "-0.02em", caps: "0.05em" },
  space,
  radius: { sm: "4px", md: "7px", lg: "10px", xl: "14px", full: "9999px" },
  shadow: {
    sm: "0 1px 2px rgba(17, 24, 39, 0.05)",
    md: "0 1px 3px rgba(17, 24, 39, 0.06), 0 4px 12px rgba(17, 24, 39, 0.06)",
    lg: "0 18px 44px rgba(17, 24, 39, 0.16), 0 2px 8px rgba(17, 24, 39, 0.06)",
  },
  layout,
  motion,
};
