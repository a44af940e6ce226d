/**
 * The staff shell, imported at once on the server so it renders the full HTML
 * (app/components/firm-page.tsx). The browser's bundle gets an empty module instead.
 */
export { StaffShell } from "~/components/shell/staff-shell";
