import type { ReactNode } from "react";

/** One navigation entry; the caller decides which to show (app/navigation.ts). */
export interface ShellNavItem {
  to: string;
  label: string;
  /** Shown but not clickable, with `tooltip` explaining why. */
  disabled?: boolean;
  tooltip?: string;
  icon?: ReactNode;
  /** Active only on an exact match (default: true for "/", false otherwise). */
  end?: boolean;
  /** A count shown after the label (e.g. unread messages). */
  count?: number;
}

export interface ShellFirm {
  name: string;
  logoUrl?: string | null;
}

export interface ShellUser {
  name: string;
  email?: string | null;
}
