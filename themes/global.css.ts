/**
 * Document-wide base styles, all through the contract. Imported by ./index.ts so that anything
 * using the themes also gets the reset.
 */
import { globalStyle } from "@vanilla-extract/css";
import { vars } from "./contract.css";
import { mq } from "./breakpoints";

globalStyle("*, *::before, *::after", { boxSizing: "border-box" });

globalStyle("html", {
  WebkitTextSizeAdjust: "100%",
  textSizeAdjust: "100%",
  colorScheme: "light",
  background: vars.color.page,
});

globalStyle("body", {
  margin: 0,
  minHeight: "100vh",
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.md,
  lineHeight: vars.lineHeight.normal,
  color: vars.color.text,
  background: vars.color.page,
  WebkitFontSmoothing: "antialiased",
  MozOsxFontSmoothing: "grayscale",
  textRendering: "optimizeLegibility",
});

globalStyle("h1, h2, h3, h4, h5, h6", {
  margin: 0,
  fontFamily: vars.font.heading,
  fontWeight: vars.fontWeight.semibold,
  lineHeight: vars.lineHeight.tight,
  letterSpacing: vars.letterSpacing.heading,
  color: vars.color.text,
});

globalStyle("p", { margin: 0 });

globalStyle("a", { color: vars.color.brandText, textUnderlineOffset: "2px" });

globalStyle("button, input, select, textarea", { font: "inherit", color: "inherit" });

globalStyle("img, svg, video, canvas", { display: "block", maxWidth: "100%" });
globalStyle("svg", { flexShrink: 0 });

globalStyle(":focus-visible", {
  outline: `2px solid ${vars.color.focus}`,
  outlineOffset: "2px",
});

globalStyle("::selection", { background: vars.color.brandSoft, color: vars.color.text });

globalStyle("*, *::before, *::after", {
  "@media": {
    [mq.reducedMotion]: {
      animationDuration: "0.01ms !important",
      animationIterationCount: "1 !important",
      transitionDuration: "0.01ms !important",
    },
  },
});

/** Exported so importers keep this module (the package is marked side-effect free). */
export const globalStylesApplied = true;
