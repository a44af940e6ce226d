import { style } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

export const page = style({
  minHeight: "100vh",
  background: vars.color.page,
  color: vars.color.text,
  fontFamily: vars.font.body,
});

export const top = style({
  position: "sticky",
  top: 0,
  zIndex: 50,
  "@media": { [mq.mobile]: { position: "static" } },
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const topInner = style({
  display: "flex",
  alignItems: "flex-end",
  justifyContent: "space-between",
  gap: vars.space.lg,
  flexWrap: "wrap",
  maxWidth: "1200px",
  margin: "0 auto",
  padding: `${vars.space.lg} ${vars.space.xl}`,
  "@media": { [mq.mobile]: { padding: `${vars.space.md} ${vars.space.lg}` } },
});

export const themeForm = style({ display: "flex", alignItems: "flex-end", gap: vars.space.sm, flexWrap: "wrap" });

export const content = style({
  maxWidth: "1200px",
  margin: "0 auto",
  padding: `${vars.space["2xl"]} ${vars.space.xl} ${vars.space["4xl"]}`,
  display: "flex",
  flexDirection: "column",
  gap: vars.space["3xl"],
  "@media": { [mq.mobile]: { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space["3xl"]}`, gap: vars.space["2xl"] } },
});

export const section = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, scrollMarginTop: "120px" });

export const sectionTitle = style({
  fontSize: vars.fontSize.xl,
  paddingBottom: vars.space.sm,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const sub = style({
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  textTransform: "uppercase",
  letterSpacing: vars.letterSpacing.caps,
  color: vars.color.textMuted,
  fontFamily: vars.font.body,
});

export const row = style({ display: "flex", alignItems: "center", gap: vars.space.md, flexWrap: "wrap" });
export const rowTop = style({ display: "flex", alignItems: "flex-start", gap: vars.space.xl, flexWrap: "wrap" });
export const stack = style({ display: "flex", flexDirection: "column", gap: vars.space.md });
export const stackLg = style({ display: "flex", flexDirection: "column", gap: vars.space.lg });

export const grid2 = style({
  display: "grid",
  gridTemplateColumns: "repeat(2, minmax(0, 1fr))",
  gap: vars.space.xl,
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

export const grid3 = style({
  display: "grid",
  gridTemplateColumns: "repeat(3, minmax(0, 1fr))",
  gap: vars.space.lg,
  "@media": {
    [mq.belowDesktop]: { gridTemplateColumns: "repeat(2, minmax(0, 1fr))" },
    [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" },
  },
});

export const swatches = style({
  display: "grid",
  gridTemplateColumns: "repeat(auto-fill, minmax(150px, 1fr))",
  gap: vars.space.md,
});

export const swatch = style({
  display: "flex",
  flexDirection: "column",
  overflow: "hidden",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  fontSize: vars.fontSize.xs,
});

export const swatchColor = style({ height: "48px", borderBottom: `1px solid ${vars.color.border}` });
export const swatchLabel = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  fontFamily: vars.font.mono,
  color: vars.color.textMuted,
});

export const typeSample = style({ display: "flex", alignItems: "baseline", gap: vars.space.lg, flexWrap: "wrap" });
export const typeMeta = style({
  width: "90px",
  fontFamily: vars.font.mono,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const muted = style({ color: vars.color.textMuted });

/** Desktop frame across the page, the phone frame under it. */
export const shellPreviews = style({ display: "flex", flexDirection: "column", gap: vars.space.lg, alignItems: "flex-start" });

const frame = {
  height: "560px",
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.md,
  background: vars.color.page,
} as const;

export const shellFrame = style({ ...frame, width: "100%" });

/** A 375 px wide frame: the shell's phone layout. */
export const phoneFrame = style({ ...frame, width: "375px", maxWidth: "100%", flexShrink: 0, borderRadius: vars.radius.xl });

export const list = style({
  margin: 0,
  paddingLeft: vars.space.xl,
  display: "flex",
  flexDirection: "column",
  gap: vars.space.xs,
});

export const toc = style({ display: "flex", gap: vars.space.md, flexWrap: "wrap", fontSize: vars.fontSize.sm });
