import type { ElementType, ReactNode } from "react";
import { visuallyHidden } from "./shared.css";

/** Content for screen readers only. */
export function VisuallyHidden({ children, as: Tag = "span" }: { children: ReactNode; as?: ElementType }) {
  return <Tag className={visuallyHidden}>{children}</Tag>;
}
