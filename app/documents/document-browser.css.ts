import { globalStyle, style } from "@vanilla-extract/css";
import { mq, vars } from "../../themes";

export const page = style({ display: "grid", gap: vars.space.md, minWidth: 0 });
export const header = style({ display: "flex", flexWrap: "wrap", alignItems: "center", justifyContent: "space-between", gap: vars.space.sm });
export const title = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize["2xl"],
  fontWeight: vars.fontWeight.bold,
  margin: 0,
  color: vars.color.text,
});
export const muted = style({ color: vars.color.textMuted, margin: 0, fontSize: vars.fontSize.sm });
// One row of controls centred on one line at any width; on phones the search takes its own first row.
export const toolbar = style({ display: "flex", flexWrap: "wrap", alignItems: "center", gap: vars.space.sm });
export const search = style({
  flex: "1 1 14rem",
  minWidth: 0,
  display: "flex",
  gap: vars.space.xs,
  alignItems: "center",
  "@media": { [mq.mobile]: { order: -1, flexBasis: "100%" } },
});
export const searchField = style({ flex: 1, minWidth: 0 });
export const layout = style({
  display: "grid",
  gap: vars.space.md,
  gridTemplateColumns: "15rem minmax(0, 1fr)",
  alignItems: "start",
  "@media": { [mq.mobile]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});
export const panel = style({
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  padding: vars.space.sm,
  minWidth: 0,
});
export const treeList = style({ listStyle: "none", margin: 0, paddingLeft: vars.space.md, display: "grid", gap: vars.space["2xs"] });
export const treeRoot = style({ paddingLeft: 0 });
export const treeLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  padding: `${vars.space["2xs"]} ${vars.space.xs}`,
  borderRadius: vars.radius.md,
  color: vars.color.text,
  textDecoration: "none",
  overflowWrap: "anywhere",
  selectors: {
    "&[aria-current='page']": { background: vars.color.brandSoft, color: vars.color.brandText, fontWeight: vars.fontWeight.bold },
    "&:hover": { background: vars.color.surfaceAlt },
  },
});
export const breadcrumbs = style({
  display: "flex",
  flexWrap: "wrap",
  gap: vars.space.xs,
  alignItems: "center",
  margin: 0,
  padding: 0,
  listStyle: "none",
  fontSize: vars.fontSize.sm,
});
export const crumbLink = style({ color: vars.color.brandText });
export const list = style({ listStyle: "none", margin: 0, padding: 0, display: "grid" });
export const row = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.xs}`,
  borderBottom: `1px solid ${vars.color.border}`,
  selectors: { "&:last-child": { borderBottom: 0 } },
});
export const rowName = style({
  flex: "1 1 12rem",
  minWidth: 0,
  display: "flex",
  alignItems: "center",
  gap: vars.space.xs,
  overflowWrap: "anywhere",
  color: vars.color.text,
});
export const rowLink = style({ color: vars.color.text, fontWeight: vars.fontWeight.medium });
export const rowMeta = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm });
export const rowActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space["2xs"], "@media": { [mq.mobile]: { width: "100%" } } });
export const tag = style({
  display: "inline-block",
  padding: `0 ${vars.space.xs}`,
  borderRadius: vars.radius.full,
  background: vars.color.infoSoft,
  color: vars.color.text,
  fontSize: vars.fontSize.xs,
  marginRight: vars.space["2xs"],
});
export const uploads = style({ display: "grid", gap: vars.space.sm });
export const upload = style({
  fontSize: vars.fontSize.sm,
  color: vars.color.text,
  selectors: { "&[data-upload-status='error']": { color: vars.color.danger } },
});
export const sectionTitle = style({ fontSize: vars.fontSize.md, fontWeight: vars.fontWeight.semibold, margin: `0 0 ${vars.space.xs}`, color: vars.color.text });
// On phones Add sits in the row of buttons and its hint on the line below.
export const addGroup = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  gap: vars.space.xs,
  "@media": { [mq.mobile]: { display: "contents" } },
});
export const uploadHint = style({ "@media": { [mq.mobile]: { flexBasis: "100%" } } });
export const hiddenInput = style({ position: "absolute", width: 1, height: 1, opacity: 0, pointerEvents: "none" });
export const details = style({ color: vars.color.text });
globalStyle(`${upload} progress`, { accentColor: vars.color.brand, width: "100%" });
/** The selection checkbox (and the same room on folder rows, so names line up). */
export const rowCheck = style({ flexShrink: 0, width: 18, minHeight: 18 });
globalStyle(`${row}[data-selected]`, { background: vars.color.surfaceAlt });
export const selectAll = style({ padding: `${vars.space.xs} ${vars.space.xs}`, borderBottom: `1px solid ${vars.color.border}`, fontSize: vars.fontSize.sm });
/** The bar for the selected files: stays at the bottom of the window while the page scrolls. */
export const selectionBar = style({
  position: "sticky",
  bottom: vars.space.sm,
  zIndex: 20,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  padding: `${vars.space.sm} ${vars.space.md}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.borderStrong}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
});
export const selectionStatus = style({
  margin: 0,
  display: "flex",
  flexWrap: "wrap",
  alignItems: "baseline",
  gap: vars.space.sm,
  color: vars.color.text,
  minWidth: 0,
});
export const selectionNote = style({
  color: vars.color.text,
  background: vars.color.warningSoft,
  borderRadius: vars.radius.md,
  padding: `${vars.space["2xs"]} ${vars.space.xs}`,
  fontSize: vars.fontSize.sm,
});
export const selectionActions = style({ display: "flex", flexWrap: "wrap", gap: vars.space.xs });
export const nowrap = style({ whiteSpace: "nowrap" });

export const pager = style({
  display: "flex",
  flexWrap: "wrap",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  paddingTop: vars.space.sm,
  fontSize: vars.fontSize.sm,
  color: vars.color.textMuted,
});
export const pagerButtons = style({ display: "flex", gap: vars.space.xs });
