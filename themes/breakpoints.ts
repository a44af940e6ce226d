/** Media queries shared by components (CSS variables cannot be used inside @media). */
export const mq = {
  /** Phones (375 px and up to 640 px). */
  mobile: "screen and (max-width: 640px)",
  /** Everything wider than a phone. */
  tablet: "screen and (min-width: 641px)",
  /** Wide enough for a sidebar next to the content. */
  desktop: "screen and (min-width: 960px)",
  /** Narrower than `desktop`. */
  belowDesktop: "screen and (max-width: 959px)",
  reducedMotion: "(prefers-reduced-motion: reduce)",
} as const;
