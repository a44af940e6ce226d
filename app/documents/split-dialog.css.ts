import { style, styleVariants } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

/** Desktop: the ranges on the left, the pages on the right; phones: stacked. */
export const review = style({
  display: "grid",
  gridTemplateColumns: "minmax(15rem, 20rem) minmax(0, 1fr)",
  gap: vars.space.xl,
  alignItems: "start",
  alignContent: "start",
  "@media": { [mq.belowDesktop]: { gridTemplateColumns: "minmax(0, 1fr)", gap: vars.space.lg } },
});

export const controls = style({
  display: "grid",
  gap: vars.space.md,
  position: "sticky",
  top: 0,
  "@media": { [mq.belowDesktop]: { position: "static" } },
});

export const summary = style({ margin: 0, color: vars.color.textMuted, fontSize: vars.fontSize.sm });

export const planList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs, fontSize: vars.fontSize.sm });
export const planItem = style({ display: "flex", alignItems: "center", gap: vars.space.xs, color: vars.color.text, minWidth: 0 });

export const grid = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(9.5rem, 1fr))",
  gap: vars.space.md,
  alignContent: "start",
  "@media": { [mq.mobile]: { gridTemplateColumns: "repeat(auto-fill, minmax(6.5rem, 1fr))", gap: vars.space.sm } },
});

export const thumb = style({
  position: "relative",
  display: "grid",
  gap: vars.space.xs,
  justifyItems: "center",
  padding: vars.space.sm,
  border: `2px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  background: vars.color.surfaceAlt,
  color: vars.color.text,
  font: "inherit",
  cursor: "pointer",
  textAlign: "center",
  transition: `border-color ${vars.motion.fast}, box-shadow ${vars.motion.fast}`,
  selectors: {
    "&:hover": { boxShadow: vars.shadow.md },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    "&[aria-pressed='true']": { borderLeftWidth: "6px" },
  },
  "@media": { [mq.mobile]: { padding: vars.space.xs } },
});

/** Alternating colours for consecutive new documents; pages no range takes are faded. */
export const group = styleVariants({
  odd: { borderColor: vars.color.brand, background: vars.color.brandSoft },
  even: { borderColor: vars.color.info, background: vars.color.infoSoft },
  none: { borderStyle: "dashed", opacity: 0.6 },
});

export const dot = styleVariants({
  odd: { width: "0.75rem", height: "0.75rem", borderRadius: vars.radius.full, background: vars.color.brand, flex: "none" },
  even: { width: "0.75rem", height: "0.75rem", borderRadius: vars.radius.full, background: vars.color.info, flex: "none" },
});

export const canvas = style({
  display: "block",
  width: "100%",
  maxWidth: "160px",
  height: "auto",
  background: "#fff",
  boxShadow: vars.shadow.sm,
  borderRadius: vars.radius.sm,
});

export const caption = style({ fontSize: vars.fontSize.sm, fontWeight: vars.fontWeight.semibold, lineHeight: vars.lineHeight.tight });
export const tag = style({ fontSize: vars.fontSize.xs, color: vars.color.textMuted, lineHeight: vars.lineHeight.tight });

/** "✂ Starts document 2": the page where a new document begins. */
export const cut = style({ fontWeight: vars.fontWeight.semibold, color: vars.color.text });

export const state = style({
  display: "grid",
  placeItems: "center",
  alignContent: "center",
  gap: vars.space.md,
  minHeight: "16rem",
  textAlign: "center",
  color: vars.color.textMuted,
});

export const result = style({ display: "grid", gap: vars.space.lg, maxWidth: "44rem", margin: "0 auto", width: "100%" });

export const parts = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "grid",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  overflow: "hidden",
});

export const part = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  justifyContent: "space-between",
  columnGap: vars.space.md,
  padding: `${vars.space.sm} ${vars.space.md}`,
  color: vars.color.text,
  overflowWrap: "anywhere",
  selectors: { "& + &": { borderTop: `1px solid ${vars.color.border}` } },
});

export const muted = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
