import { createVar, globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
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
/** A question's radio buttons or checkboxes: columns on wide screens, one per line (each a 44 px target) on phones. */
export const options = style({
  display: "grid",
  gap: `${vars.space.xs} ${vars.space.lg}`,
  gridTemplateColumns: "repeat(auto-fill, minmax(15rem, 1fr))",
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)", gap: 0 } },
});
export const optionsInline = style({
  display: "flex",
  flexWrap: "wrap",
  gap: `${vars.space.xs} ${vars.space.xl}`,
  "@media": { [mq.mobile]: { gap: `0 ${vars.space.xl}` } },
});
export const option = style({
  paddingBlock: vars.space["2xs"],
  "@media": { [mq.mobile]: { minHeight: "44px", alignItems: "center", paddingBlock: 0 } },
});
export const saved = style({ color: vars.color.success, fontSize: vars.fontSize.sm });
export const error = style({ color: vars.color.danger, fontSize: vars.fontSize.sm, margin: 0 });
export const special = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  background: vars.color.surfaceAlt,
  borderRadius: vars.radius.md,
  padding: vars.space.sm,
  color: vars.color.text,
  margin: 0,
});
globalStyle(`${special} > p`, { margin: 0 });

/** The question's text with its actions menu at the right. */
export const questionHead = style({ display: "flex", alignItems: "flex-start", justifyContent: "space-between", gap: vars.space.sm });
export const menuButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.xs,
  flex: "none",
  height: "32px",
  marginTop: "-4px",
  padding: `0 ${vars.space.sm}`,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.md,
  background: vars.color.surface,
  color: vars.color.textMuted,
  font: "inherit",
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  selectors: {
    "&:hover, &[data-open]": { background: vars.color.surfaceAlt, color: vars.color.text, borderColor: vars.color.borderStrong },
    "&:focus-visible": { outline: `2px solid ${vars.color.focus}`, outlineOffset: "2px" },
  },
  "@media": { [mq.mobile]: { height: "44px", minWidth: "44px", justifyContent: "center", marginTop: "-8px" } },
});
export const menuButtonText = style({ "@media": { [mq.mobile]: { display: "none" } } });
const menuIn = keyframes({ from: { opacity: 0, transform: "translateY(-4px)" }, to: { opacity: 1, transform: "none" } });
export const menu = style({
  zIndex: 300,
  minWidth: "13rem",
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  outline: "none",
  animation: `${menuIn} ${vars.motion.fast} ease-out`,
  "@media": { [mq.reducedMotion]: { animation: "none" } },
});
export const menuItem = style({
  display: "flex",
  alignItems: "center",
  width: "100%",
  minHeight: "36px",
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  font: "inherit",
  fontSize: vars.fontSize.md,
  textAlign: "left",
  cursor: "pointer",
  selectors: { "&[data-focus]": { background: vars.color.brandSoft, color: vars.color.brandText } },
  "@media": { [mq.mobile]: { minHeight: "44px" } },
});
export const entries = style({ display: "grid", gap: vars.space.sm });

/** Entries: one grid row per entry, a column per field (their count in `entryFieldCount`), the remove button last. */
export const entryFieldCount = createVar();
const entryColumns = `repeat(${entryFieldCount}, minmax(7rem, 1fr)) 2.75rem`;
export const entryTable = style({
  display: "grid",
  gap: vars.space.xs,
  overflowX: "auto",
  "@media": { [mq.mobile]: { gap: vars.space.sm, overflowX: "visible" } },
});
export const entryHeader = style({
  display: "grid",
  gridTemplateColumns: entryColumns,
  gap: vars.space.sm,
  padding: `0 ${vars.space.xs}`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  "@media": { [mq.mobile]: { display: "none" } },
});
export const entryRow = style({
  display: "grid",
  gridTemplateColumns: entryColumns,
  gap: vars.space.sm,
  alignItems: "center",
  padding: vars.space.xs,
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  "@media": {
    [mq.mobile]: {
      gridTemplateColumns: "minmax(0, 1fr)",
      padding: vars.space.md,
      border: `1px solid ${vars.color.border}`,
      background: vars.color.surface,
    },
  },
});
export const entryTitle = style({
  display: "none",
  margin: 0,
  fontWeight: vars.fontWeight.semibold,
  color: vars.color.text,
  "@media": { [mq.mobile]: { display: "block" } },
});
export const entryField = style({});
// On wide screens the header row names the columns: each field's own label is for screen readers only.
globalStyle(`${entryField} > :first-child`, {
  "@media": {
    [mq.tablet]: {
      position: "absolute",
      width: "1px",
      height: "1px",
      padding: 0,
      margin: "-1px",
      overflow: "hidden",
      clip: "rect(0, 0, 0, 0)",
      whiteSpace: "nowrap",
      border: 0,
    },
  },
});
export const entryRemove = style({
  "@media": { [mq.tablet]: { width: "2.5rem", padding: 0 }, [mq.mobile]: { justifySelf: "start", height: "44px" } },
});
export const phoneOnly = style({ "@media": { [mq.tablet]: { display: "none" } } });
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
/** A signer's block: buttons and badges at their own width, not the panel's. */
export const signer = style({ justifyItems: "start" });
export const signature = style({ fontFamily: vars.font.heading, fontStyle: "italic", fontSize: vars.fontSize.xl, color: vars.color.text });
export const letter = style({ whiteSpace: "pre-wrap", color: vars.color.text, margin: 0 });
/** The engagement letter: body-size text in paragraphs, about 70 characters a line. */
export const letterBody = style({
  display: "grid",
  gap: vars.space.md,
  maxWidth: "70ch",
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  lineHeight: 1.65,
  overflowWrap: "break-word",
});
globalStyle(`${letterBody} > p`, { margin: 0, whiteSpace: "pre-line" });
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
