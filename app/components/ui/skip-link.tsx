import { skipLink } from "./skip-link.css";

/** First focusable element of every shell: jumps over the navigation to the main content. */
export function SkipLink({ href = "#main", children = "Skip to main content" }: { href?: string; children?: string }) {
  return (
    <a className={skipLink} href={href}>
      {children}
    </a>
  );
}
