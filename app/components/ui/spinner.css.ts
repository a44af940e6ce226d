import { keyframes, style, styleVariants } from "@vanilla-extract/css";

const spin = keyframes({ to: { transform: "rotate(360deg)" } });

export const spinner = style({
  display: "inline-block",
  flexShrink: 0,
  animation: `${spin} 0.75s linear infinite`,
  "@media": {
    "(prefers-reduced-motion: reduce)": { animationDuration: "1.5s !important", animationIterationCount: "infinite !important" },
  },
});

export const size = styleVariants({
  sm: { width: "14px", height: "14px" },
  md: { width: "20px", height: "20px" },
  lg: { width: "32px", height: "32px" },
  inherit: { width: "1em", height: "1em" },
});

export const track = style({ opacity: 0.22 });
