import { style, styleVariants } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const header = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.md,
  marginBottom: vars.space.lg,
});
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.bold,
  margin: 0,
  color: vars.color.text,
});
export const muted = style({ color: vars.color.textMuted, margin: 0, fontSize: vars.fontSize.sm });
export const layout = style({
  display: "grid",
  gap: vars.space.lg,
  gridTemplateColumns: "16rem minmax(0, 1fr)",
  alignItems: "start",
  "@media": { [mq.belowDesktop]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const nav = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.md,
  display: "grid",
  gap: vars.space.xs,
});
export const navList = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space["2xs"] });
export const navItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  width: "100%",
  textAlign: "left",
  border: 0,
  background: "transparent",
  color: vars.color.text,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  borderRadius: vars.radius.md,
  cursor: "pointer",
  font: "inherit",
  selectors: {
    "&[aria-current='step']": { background: vars.color.brandSoft, color: vars.color.brandText, fontWeight: vars.fontWeight.bold },
    "&:disabled": { cursor: "not-allowed", opacity: 0.6 },
  },
});
// Each status has its own shape as well as its colour (not colour only): a filled circle, a half-filled
// circle, a ring, and a diamond for errors.
const dotBase = style({ width: "0.75rem", height: "0.75rem", borderRadius: vars.radius.full, flex: "none", border: `2px solid ${vars.color.borderStrong}` });
export const dot = styleVariants({
  completed: [dotBase, { background: vars.color.success, borderColor: vars.color.success }],
  pending: [dotBase, { background: `linear-gradient(90deg, ${vars.color.warning} 50%, transparent 50%)`, borderColor: vars.color.warning }],
  error: [dotBase, { background: vars.color.danger, borderColor: vars.color.danger, borderRadius: "2px", transform: "rotate(45deg) scale(0.85)" }],
  incomplete: [dotBase, {}],
});
export const legend = style({ borderTop: `1px solid ${vars.color.border}`, paddingTop: vars.space.xs, marginTop: vars.space["2xs"] });
export const legendTitle = style({ margin: 0, fontSize: vars.fontSize.xs, color: vars.color.textMuted, fontWeight: vars.fontWeight.semibold });
export const legendList = style({
  listStyle: "none",
  margin: 0,
  padding: 0,
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space["2xs"]} ${vars.space.sm}`,
  fontSize: vars.fontSize.xs,
  color: vars.color.textMuted,
});
export const legendItem = style({ display: "inline-flex", alignItems: "center", gap: vars.space["2xs"] });
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.lg,
  display: "grid",
  gap: vars.space.lg,
  minWidth: 0,
  "@media": { [mq.mobile]: { padding: vars.space.md } },
});
export const sectionTitle = style({ fontFamily: vars.font.heading, fontSize: vars.fontSize.xl, margin: 0, color: vars.color.text });
export const question = style({
  display: "grid",
  gap: vars.space.sm,
  paddingBottom: vars.space.md,
  borderBottom: `1px solid ${vars.color.border}`,
  scrollMarginTop: vars.space["3xl"],
  selectors: { "&:target": { outline: `2px solid ${vars.color.focus}`, outlineOffset: vars.space.xs, borderRadius: vars.radius.sm } },
});
export const followUp = style({
  marginLeft: vars.space.lg,
  paddingLeft: vars.space.md,
  borderLeft: `3px solid ${vars.color.brandSoft}`,
  "@media": { [mq.mobile]: { marginLeft: vars.space.xs } },
});
export const questionText = style({ margin: 0, fontWeight: vars.fontWeight.bold, color: vars.color.text, display: "flex", gap: vars.space.xs });
export const row = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });
export const choice = style({ display: "inline-flex", alignItems: "center", gap: vars.space.xs, color: vars.color.text });
export const saved = style({ color: vars.color.success, fontSize: vars.fontSize.sm });
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });
export const special = style({ background: vars.color.surfaceAlt, borderRadius: vars.radius.md, padding: vars.space.sm, color: vars.color.text, margin: 0 });
export const entries = style({ display: "grid", gap: vars.space.sm });
export const entry = style({
  display: "grid",
  gap: vars.space.xs,
  gridTemplateColumns: "repeat(auto-fit, minmax(10rem, 1fr)) auto",
  alignItems: "end",
  padding: vars.space.sm,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
});
export const footer = style({ display: "flex", flexWrap: "wrap", justifyContent: "space-between", gap: vars.space.sm, alignItems: "center" });
export const pills = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space.xs });
export const pillRow = style({ display: "flex", justifyContent: "space-between", gap: vars.space.sm, alignItems: "center" });
export const file = style({
  display: "flex",
  gap: vars.space.sm,
  alignItems: "center",
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  wordBreak: "break-all",
});
export const signature = style({ fontFamily: vars.font.heading, fontStyle: "italic", fontSize: vars.fontSize.xl, color: vars.color.text });
export const letter = style({ whiteSpace: "pre-wrap", color: vars.color.text, margin: 0 });
export const printLine = style({
  display: "grid",
  gridTemplateColumns: "2fr 1fr",
  gap: vars.space.lg,
  paddingTop: vars.space.xs,
  marginTop: vars.space.lg,
  borderTop: `1px solid ${vars.color.borderStrong}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const headerActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs, alignItems: "center" });
export const docRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });
export const docName = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  columnGap: vars.space.sm,
  flex: "1 1 12rem",
  minWidth: 0,
  color: vars.color.text,
  overflowWrap: "break-word",
});
export const nowrap = style({ whiteSpace: "nowrap" });
export const uploadButton = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.text,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.sm,
  cursor: "pointer",
  selectors: {
    "&:focus-within": { outline: `2px solid ${vars.color.focus}`, outlineOffset: 2 },
    "&:hover": { background: vars.color.surfaceAlt },
    "&[data-disabled='true']": { opacity: 0.6, cursor: "not-allowed" },
  },
});
export const hiddenFile = style({ position: "absolute", inset: 0, opacity: 0, width: "100%", height: "100%", cursor: "pointer", fontSize: 0 });
export const checklist = style({ listStyle: "none", margin: 0, padding: 0, display: "grid", gap: vars.space["2xs"], fontSize: vars.fontSize.sm });
export const checkItem = style({ display: "flex", gap: vars.space.xs, alignItems: "baseline", color: vars.color.text });
export const checkMark = styleVariants({
  done: { color: vars.color.success, fontWeight: vars.fontWeight.bold, flex: "none" },
  pending: { color: vars.color.warning, fontWeight: vars.fontWeight.bold, flex: "none" },
  missing: { color: vars.color.textMuted, flex: "none" },
});

/** An upload question's file: name and badges, actions, and the documents a split made of it. */
export const fileItem = style({
  display: "grid",
  gap: vars.space.xs,
  padding: `${vars.space.xs} ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
});
export const fileRow = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.xs });
export const fileName = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  flex: "1 1 12rem",
  minWidth: 0,
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  overflowWrap: "anywhere",
});
export const fileActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2xs"], marginLeft: "auto" });
export const splitParts = style({
  listStyle: "none",
  margin: 0,
  padding: `0 0 0 ${vars.space.sm}`,
  borderLeft: `3px solid ${vars.color.brandSoft}`,
  display: "grid",
  gap: vars.space["2xs"],
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  overflowWrap: "anywhere",
});

export const checklistHeading = style({
  margin: 0,
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
});
