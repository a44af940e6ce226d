import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const header = style({ marginBottom: vars.space.xl });
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize["2xl"],
  margin: 0,
  color: vars.color.text,
  letterSpacing: vars.letterSpacing.heading,
});
export const subtitle = style({ color: vars.color.textMuted, margin: `${vars.space.xs} 0 0` });
export const sections = style({ display: "grid", gap: vars.space.lg, maxWidth: "48rem" });
export const card = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.sm,
  padding: vars.space.xl,
  display: "grid",
  gap: vars.space.md,
  "@media": { [mq.mobile]: { padding: vars.space.lg } },
});
export const cardTitle = style({ fontFamily: vars.font.heading, fontSize: vars.fontSize.lg, margin: 0, color: vars.color.text });
export const subTitle = style({ fontSize: vars.fontSize.md, margin: 0, color: vars.color.text });
export const form = style({ display: "grid", gap: vars.space.md });
export const inlineForm = style({
  display: "grid",
  gridTemplateColumns: "1fr 1fr auto",
  gap: vars.space.sm,
  alignItems: "end",
  "@media": { [mq.mobile]: { gridTemplateColumns: "1fr" } },
});
export const fieldset = style({ border: 0, padding: 0, margin: 0 });
export const legend = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.sm, color: vars.color.text, marginBottom: vars.space.xs });
export const themes = style({ display: "grid", gridTemplateColumns: "repeat(auto-fill, minmax(13rem, 1fr))", gap: vars.space.sm });
export const themeOption = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "flex-start",
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  selectors: { "&:has(input:checked)": { borderColor: vars.color.brand, background: vars.color.brandSoft } },
});
export const swatch = style({ width: 20, height: 20, borderRadius: vars.radius.full, flex: "none", marginTop: 2, border: `1px solid ${vars.color.border}` });
export const muted = style({ display: "block", color: vars.color.textMuted, fontSize: vars.fontSize.sm, margin: 0 });
export const colorRow = style({ display: "flex", gap: vars.space.sm, alignItems: "flex-start" });
export const colorInput = style({
  width: 44,
  height: 44,
  padding: 2,
  marginTop: 26,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  cursor: "pointer",
});
export const logoBlock = style({ display: "grid", gap: vars.space.sm, borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.md });
export const logoRow = style({ display: "flex", flexWrap: "wrap", gap: vars.space.md, alignItems: "center" });
export const logoPreview = style({
  width: 160,
  height: 64,
  display: "grid",
  placeItems: "center",
  border: `1px dashed ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
});
export const logoImg = style({ maxWidth: 150, maxHeight: 56, objectFit: "contain" });
export const logoActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.sm, alignItems: "center" });
export const hiddenInput = style({ position: "absolute", width: 1, height: 1, opacity: 0, pointerEvents: "none" });
export const vocabList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const vocabItem = style({
  display: "flex",
  justifyContent: "space-between",
  alignItems: "center",
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
});
export const tabs = style({ marginBottom: vars.space.lg, maxWidth: "100%" });
// Eleven tabs: narrower ones fit a laptop's width in one row (on a phone the row scrolls).
globalStyle(`${tabs} nav > a`, { "@media": { [mq.tablet]: { paddingLeft: vars.space.sm, paddingRight: vars.space.sm } } });
globalStyle(`${tabs} nav > a::after`, { "@media": { [mq.tablet]: { left: vars.space.xs, right: vars.space.xs } } });
export const narrowField = style({ maxWidth: "12rem" });

/** Firm Settings → Payments: the partner's proof above the Connect / Disconnect buttons. */
export const paymentsForm = style({ display: "grid", gap: vars.space.md, maxWidth: "28rem" });
