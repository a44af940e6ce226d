import { globalStyle, keyframes, style, styleVariants } from "@vanilla-extract/css";
import { vars } from "../../../themes/contract.css";
import { mq } from "../../../themes/breakpoints";

/* ---------- firm logo ---------- */

export const firmLink = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  minWidth: 0,
  color: vars.color.text,
  textDecoration: "none",
  borderRadius: vars.radius.md,
});

export const firmName = style({
  fontFamily: vars.font.heading,
  fontWeight: vars.fontWeight.semibold,
  fontSize: vars.fontSize.lg,
  letterSpacing: vars.letterSpacing.heading,
  lineHeight: vars.lineHeight.tight,
  whiteSpace: "nowrap",
  overflow: "hidden",
  textOverflow: "ellipsis",
});

export const logoImage = style({ display: "block", width: "auto", objectFit: "contain" });

export const logoSize = styleVariants({
  sm: { height: "28px", maxWidth: "120px" },
  md: { height: "36px", maxWidth: "160px" },
  lg: { height: "48px", maxWidth: "220px" },
});

export const monogram = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  flexShrink: 0,
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontFamily: vars.font.heading,
  fontWeight: vars.fontWeight.bold,
  letterSpacing: "0.02em",
  lineHeight: 1,
});

export const monogramSize = styleVariants({
  sm: { width: "28px", height: "28px", fontSize: vars.fontSize.xs },
  md: { width: "36px", height: "36px", fontSize: vars.fontSize.sm },
  lg: { width: "48px", height: "48px", fontSize: vars.fontSize.lg },
});

/* ---------- page frame ---------- */

export const frame = style({ minHeight: "100vh", display: "flex", flexDirection: "column", background: vars.color.page });

export const header = style({
  position: "sticky",
  top: 0,
  zIndex: 100,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const headerInner = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.xl,
  height: vars.layout.headerHeight,
  margin: "0 auto",
  padding: `0 ${vars.space.xl}`,
  maxWidth: `calc(${vars.layout.contentWidth} + 2 * ${vars.space.xl})`,
  "@media": { [mq.mobile]: { gap: vars.space.md, padding: `0 ${vars.space.lg}` } },
});

export const spacer = style({ flex: 1 });

export const headerSlot = style({ display: "flex", alignItems: "center", gap: vars.space.sm, minWidth: 0 });

export const main = style({
  flex: 1,
  width: "100%",
  margin: "0 auto",
  padding: `${vars.space["2xl"]} ${vars.space.xl} ${vars.space["3xl"]}`,
  outline: "none",
  "@media": { [mq.mobile]: { padding: `${vars.space.xl} ${vars.space.lg} ${vars.space["2xl"]}` } },
});

export const mainWidth = styleVariants({
  content: { maxWidth: `calc(${vars.layout.contentWidth} + 2 * ${vars.space.xl})` },
  narrow: { maxWidth: `calc(${vars.layout.narrowWidth} + 2 * ${vars.space.xl})` },
  full: { maxWidth: "none" },
});

export const hideOnMobile = style({ "@media": { [mq.mobile]: { display: "none !important" } } });
export const onlyOnMobile = style({ "@media": { [mq.tablet]: { display: "none !important" } } });
export const hideBelowDesktop = style({ "@media": { [mq.belowDesktop]: { display: "none !important" } } });
export const onlyBelowDesktop = style({ "@media": { [mq.desktop]: { display: "none !important" } } });

/* ---------- horizontal nav (client) ---------- */

export const topNav = style({ display: "flex", alignItems: "center", gap: vars.space.xs, height: "100%", minWidth: 0 });

export const topNavLink = style({
  position: "relative",
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  height: "36px",
  padding: `0 ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  whiteSpace: "nowrap",
  transition: `background-color ${vars.motion.fast} ease, color ${vars.motion.fast} ease`,
  selectors: {
    "&:hover": { color: vars.color.text, background: vars.color.surfaceAlt },
    "&[aria-current='page']": { color: vars.color.brandText, background: vars.color.brandSoft },
    "&[aria-disabled='true']": { color: vars.color.textMuted, opacity: 0.6, cursor: "not-allowed", background: "transparent" },
  },
});

export const count = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  minWidth: "20px",
  height: "20px",
  padding: "0 6px",
  borderRadius: vars.radius.full,
  background: vars.color.brand,
  color: vars.color.brandContrast,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  fontVariantNumeric: "tabular-nums",
});

/* ---------- mobile segment bar (client) ---------- */

export const segmentBar = style({
  position: "sticky",
  top: vars.layout.headerHeight,
  zIndex: 90,
  padding: `${vars.space.sm} ${vars.space.lg}`,
  background: vars.color.surface,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const segments = style({
  display: "grid",
  gridAutoColumns: "1fr",
  gridAutoFlow: "column",
  gap: vars.space["2xs"],
  padding: vars.space["2xs"],
  borderRadius: vars.radius.md,
  background: vars.color.surfaceAlt,
  border: `1px solid ${vars.color.border}`,
});

export const segment = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xs,
  height: "34px",
  paddingInline: vars.space.sm,
  borderRadius: `calc(${vars.radius.md} - 2px)`,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  textDecoration: "none",
  selectors: {
    "&[aria-current='page']": { background: vars.color.surface, color: vars.color.brandText, boxShadow: vars.shadow.sm },
  },
});

/* ---------- sidebar (staff) ---------- */

export const staffFrame = style({
  minHeight: "100vh",
  display: "grid",
  gridTemplateColumns: `${vars.layout.sidebarWidth} minmax(0, 1fr)`,
  background: vars.color.page,
  "@media": { [mq.belowDesktop]: { gridTemplateColumns: "minmax(0, 1fr)" } },
});

/** The sidebar's background spans the page's full height; its content stays in the window (sidebarContent). */
export const sidebar = style({
  background: vars.color.surface,
  borderRight: `1px solid ${vars.color.border}`,
  "@media": { [mq.belowDesktop]: { display: "none" } },
});

export const sidebarContent = style({
  position: "sticky",
  top: 0,
  height: "100vh",
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  padding: `${vars.space.lg} ${vars.space.md}`,
  overflowY: "auto",
});

export const sidebarFirm = style({
  padding: `${vars.space.xs} ${vars.space.sm}`,
  minHeight: "40px",
  display: "flex",
  alignItems: "center",
});

export const sideNav = style({ display: "flex", flexDirection: "column", gap: "1px" });

export const sideNavLabel = style({
  padding: `${vars.space.md} ${vars.space.md} ${vars.space.xs}`,
  fontSize: vars.fontSize.xs,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
  color: vars.color.textMuted,
});

export const sideNavLink = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  minHeight: "36px",
  padding: `${vars.space.xs} ${vars.space.md}`,
  borderRadius: vars.radius.md,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  transition: `background-color ${vars.motion.fast} ease, color ${vars.motion.fast} ease`,
  selectors: {
    "&:hover": { background: vars.color.surfaceAlt, color: vars.color.text },
    "&[aria-current='page']": {
      background: vars.color.brandSoft,
      color: vars.color.brandText,
      fontWeight: vars.fontWeight.semibold,
    },
    "&[aria-disabled='true']": { opacity: 0.55, cursor: "not-allowed", background: "transparent", color: vars.color.textMuted },
  },
});

export const sideNavText = style({ flex: 1, minWidth: 0, overflow: "hidden", textOverflow: "ellipsis", whiteSpace: "nowrap" });
/** The phone segments (Dashboard / Documents): each label centred in its half. */
globalStyle(`${segment} ${sideNavText}`, { flex: "0 1 auto" });

export const sidebarFooter = style({ marginTop: "auto", paddingTop: vars.space.md, borderTop: `1px solid ${vars.color.border}` });

export const staffMain = style({ display: "flex", flexDirection: "column", minWidth: 0 });

export const topbar = style({
  position: "sticky",
  top: 0,
  zIndex: 100,
  display: "flex",
  alignItems: "center",
  gap: vars.space.md,
  height: vars.layout.headerHeight,
  padding: `0 ${vars.space.xl}`,
  background: `color-mix(in srgb, ${vars.color.page} 88%, transparent)`,
  backdropFilter: "saturate(1.4) blur(8px)",
  borderBottom: `1px solid ${vars.color.border}`,
  "@media": {
    [mq.belowDesktop]: { background: vars.color.surface, padding: `0 ${vars.space.lg}` },
  },
});

/* ---------- drawer (staff nav on phones and tablets) ---------- */

const slideIn = keyframes({ from: { transform: "translateX(-100%)" }, to: { transform: "none" } });

export const drawer = style({
  position: "fixed",
  inset: 0,
  width: "100%",
  height: "100%",
  maxWidth: "none",
  maxHeight: "none",
  margin: 0,
  padding: 0,
  border: 0,
  background: vars.color.overlay,
  outline: "none",
  selectors: { "&:not([open])": { display: "none" }, "&::backdrop": { background: "transparent" } },
});

export const drawerPanel = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space.lg,
  width: "min(320px, 86vw)",
  height: "100%",
  padding: `${vars.space.lg} ${vars.space.md}`,
  background: vars.color.surface,
  boxShadow: vars.shadow.lg,
  overflowY: "auto",
  animation: `${slideIn} ${vars.motion.normal} ease-out`,
});

export const drawerHeader = style({
  display: "flex",
  alignItems: "center",
  justifyContent: "space-between",
  gap: vars.space.sm,
  paddingLeft: vars.space.sm,
});

/* ---------- user menu ---------- */

export const menuRoot = style({ position: "relative" });

export const menuButton = style({
  display: "inline-flex",
  alignItems: "center",
  gap: vars.space.sm,
  height: "40px",
  padding: `0 ${vars.space.sm} 0 ${vars.space.xs}`,
  border: "1px solid transparent",
  borderRadius: vars.radius.full,
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.medium,
  cursor: "pointer",
  selectors: {
    "&:hover, &[aria-expanded='true']": { background: vars.color.surfaceAlt, borderColor: vars.color.border },
  },
});

export const menuButtonName = style({
  maxWidth: "160px",
  overflow: "hidden",
  textOverflow: "ellipsis",
  whiteSpace: "nowrap",
  "@media": { [mq.mobile]: { display: "none" } },
});

export const menuChevron = style({ color: vars.color.textMuted, "@media": { [mq.mobile]: { display: "none" } } });

const menuIn = keyframes({ from: { opacity: 0, transform: "translateY(-4px)" }, to: { opacity: 1, transform: "none" } });

export const menu = style({
  position: "absolute",
  right: 0,
  top: "calc(100% + 6px)",
  zIndex: 300,
  minWidth: "240px",
  padding: vars.space.xs,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.lg,
  boxShadow: vars.shadow.lg,
  animation: `${menuIn} ${vars.motion.fast} ease-out`,
  // Focus stays on the menu while arrow keys move the highlighted item (data-focus).
  outline: "none",
});

export const menuHeader = style({
  display: "flex",
  flexDirection: "column",
  gap: vars.space["2xs"],
  padding: `${vars.space.sm} ${vars.space.md} ${vars.space.md}`,
  marginBottom: vars.space.xs,
  borderBottom: `1px solid ${vars.color.border}`,
});

export const menuName = style({ fontWeight: vars.fontWeight.semibold, fontSize: vars.fontSize.md });
export const menuEmail = style({ fontSize: vars.fontSize.sm, color: vars.color.textMuted, overflowWrap: "anywhere" });

export const menuItem = style({
  display: "flex",
  alignItems: "center",
  gap: vars.space.sm,
  width: "100%",
  minHeight: "36px",
  padding: `${vars.space.xs} ${vars.space.md}`,
  border: 0,
  borderRadius: vars.radius.md,
  background: "transparent",
  color: vars.color.text,
  fontSize: vars.fontSize.md,
  textAlign: "left",
  textDecoration: "none",
  cursor: "pointer",
  selectors: {
    "&:hover, &[data-focus]": { background: vars.color.surfaceAlt },
    "&[aria-current='page']": { color: vars.color.brandText, fontWeight: vars.fontWeight.semibold },
  },
});

export const menuSeparator = style({ height: "1px", margin: `${vars.space.xs} 0`, background: vars.color.border });

export const menuItemIcon = style({ color: vars.color.textMuted });

/* ---------- public (root domain) ---------- */

export const publicHeader = style({
  position: "sticky",
  top: 0,
  zIndex: 100,
  background: `color-mix(in srgb, ${vars.color.surface} 90%, transparent)`,
  backdropFilter: "saturate(1.4) blur(10px)",
  borderBottom: `1px solid ${vars.color.border}`,
});

export const productMark = style({
  display: "inline-flex",
  alignItems: "center",
  justifyContent: "center",
  width: "30px",
  height: "30px",
  borderRadius: vars.radius.md,
  background: vars.color.brand,
  color: vars.color.brandContrast,
});

export const productName = style({
  fontWeight: vars.fontWeight.bold,
  fontSize: vars.fontSize.lg,
  letterSpacing: vars.letterSpacing.heading,
});

export const publicNav = style({ display: "flex", alignItems: "center", gap: vars.space.lg });

export const publicNavLink = style({
  color: vars.color.textMuted,
  fontSize: vars.fontSize.md,
  fontWeight: vars.fontWeight.medium,
  textDecoration: "none",
  selectors: { "&:hover, &[aria-current='page']": { color: vars.color.text } },
});

export const footer = style({
  borderTop: `1px solid ${vars.color.border}`,
  background: vars.color.surface,
  color: vars.color.textMuted,
  fontSize: vars.fontSize.sm,
});

export const footerInner = style({
  display: "flex",
  justifyContent: "space-between",
  gap: vars.space.lg,
  flexWrap: "wrap",
  margin: "0 auto",
  padding: `${vars.space.xl} ${vars.space.xl}`,
  maxWidth: `calc(${vars.layout.contentWidth} + 2 * ${vars.space.xl})`,
});

/* ---------- auth card and status pages ---------- */

export const centered = style({
  minHeight: "100vh",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  justifyContent: "center",
  gap: vars.space.xl,
  padding: `${vars.space["3xl"]} ${vars.space.lg}`,
  background: `radial-gradient(1200px 480px at 50% -10%, ${vars.color.brandSoft}, transparent 70%), ${vars.color.page}`,
  "@media": { [mq.mobile]: { justifyContent: "flex-start", padding: `${vars.space["2xl"]} ${vars.space.lg}` } },
});

export const authBrand = style({
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.md,
  textAlign: "center",
});

export const authFirmName = style({
  fontFamily: vars.font.heading,
  fontSize: vars.fontSize.xl,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.heading,
  color: vars.color.text,
});

export const authCard = style({
  width: "100%",
  maxWidth: vars.layout.authWidth,
  padding: vars.space["2xl"],
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.md,
  "@media": { [mq.mobile]: { padding: vars.space.xl } },
});

export const authTitle = style({ fontSize: vars.fontSize["2xl"], textAlign: "center" });

export const authDescription = style({ marginTop: vars.space.sm, color: vars.color.textMuted, textAlign: "center" });

export const authBody = style({ marginTop: vars.space.xl, display: "flex", flexDirection: "column", gap: vars.space.lg });

/** Forms placed straight into the card get the same rhythm as the card itself. */
globalStyle(`${authBody} > form`, { display: "flex", flexDirection: "column", gap: vars.space.lg });

export const authFooter = style({ color: vars.color.textMuted, fontSize: vars.fontSize.sm, textAlign: "center" });

export const statusCard = style({
  width: "100%",
  maxWidth: "480px",
  display: "flex",
  flexDirection: "column",
  alignItems: "center",
  gap: vars.space.lg,
  padding: `${vars.space["2xl"]} ${vars.space.xl}`,
  background: vars.color.surface,
  border: `1px solid ${vars.color.border}`,
  borderRadius: vars.radius.xl,
  boxShadow: vars.shadow.md,
  textAlign: "center",
});

export const statusIcon = styleVariants({
  danger: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: "56px",
    height: "56px",
    borderRadius: vars.radius.full,
    background: vars.color.dangerSoft,
    color: vars.color.danger,
  },
  neutral: {
    display: "inline-flex",
    alignItems: "center",
    justifyContent: "center",
    width: "56px",
    height: "56px",
    borderRadius: vars.radius.full,
    background: vars.color.brandSoft,
    color: vars.color.brandText,
  },
});

export const statusCode = style({
  fontSize: vars.fontSize.sm,
  fontWeight: vars.fontWeight.semibold,
  letterSpacing: vars.letterSpacing.caps,
  textTransform: "uppercase",
  color: vars.color.textMuted,
});

export const statusTitle = style({ fontSize: vars.fontSize["2xl"] });
export const statusMessage = style({
  fontFamily: vars.font.body,
  fontSize: vars.fontSize.lg,
  fontWeight: vars.fontWeight.medium,
  letterSpacing: "normal",
  color: vars.color.text,
  lineHeight: vars.lineHeight.normal,
});
export const statusMuted = style({ color: vars.color.textMuted });
