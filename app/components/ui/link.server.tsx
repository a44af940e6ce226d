import { Link as RemixLink, NavLink as RemixNavLink, useLocation, type LinkProps, type NavLinkProps } from "@remix-run/react";
import { forwardRef } from "react";

/**
 * Remix's `Link` and `NavLink` as the server renders them, for the paths the app links to
 * (absolute paths of its own site, `"/documents/abc?folder=x"`), without resolving the path:
 * Remix's link resolves its target against the route matches three or four times per render (for
 * its href, its click handler and, for a NavLink, whether it is active), about a tenth of a
 * signed-in page's server CPU. The markup is Remix's (`href`, `data-discover`, the `active` class,
 * `aria-current="page"`; tests/unit/link.test.ts compares them), so the browser hydrates it with
 * Remix's own components (`./link.tsx`), which handle clicks and prefetching there.
 * Any other `to` (a relative path, an object, another site) goes to Remix's own component.
 */

/** A path of this site we can use as it is: absolute, not protocol-relative, no dot segments. */
function plainPath(to: LinkProps["to"]): to is string {
  return typeof to === "string" && to.startsWith("/") && !to.startsWith("//") && !/[?#]$/.test(to) && !/(^|\/)\.\.?(\/|$|[?#])/.test(to);
}

/** The path of `to`, percent-encoded as the location's is (react-router compares encoded paths). */
function pathOnly(to: string): string {
  const end = to.search(/[?#]/);
  const path = end < 0 ? to : to.slice(0, end);
  return /^[\w\-./~%!$&'()*+,;=:@]*$/.test(path) ? path : new URL(path, "http://localhost").pathname;
}

/** Whether this link's props are ones the plain anchor renders as Remix would. */
function plain(props: LinkProps): props is LinkProps & { to: string } {
  const { prefetch } = props;
  return plainPath(props.to) && (prefetch === undefined || prefetch === "none" || prefetch === "intent");
}

/** The anchor Remix renders on the server for a plain path (before any prefetch or click). */
const PlainAnchor = forwardRef<HTMLAnchorElement, Omit<LinkProps, "to"> & { to: string }>(function PlainAnchor(
  // Props of the router's, not the anchor's: left out as Remix's Link leaves them out.
  // eslint-disable-next-line @typescript-eslint/no-unused-vars
  { to, replace, state, preventScrollReset, relative, viewTransition, reloadDocument, prefetch, discover = "render", children, ...rest },
  ref,
) {
  return (
    <a {...rest} ref={ref} href={to} data-discover={discover === "render" && !reloadDocument ? "true" : undefined}>
      {children}
    </a>
  );
});

export const Link = forwardRef<HTMLAnchorElement, LinkProps>(function Link(props, ref) {
  if (!plain(props)) return <RemixLink {...props} ref={ref} />;
  return <PlainAnchor {...props} ref={ref} />;
});

export const NavLink = forwardRef<HTMLAnchorElement, NavLinkProps>(function NavLink(props, ref) {
  const location = useLocation();
  const { className, style, children } = props;
  if (!plain(props as LinkProps) || typeof className === "function" || typeof style === "function" || typeof children === "function") {
    return <RemixNavLink {...props} ref={ref} />;
  }
  const { to, end = false, caseSensitive = false, "aria-current": ariaCurrent = "page", ...rest } = props as NavLinkProps & { to: string };
  // react-router's rules (NavLink): the path itself, or without `end` a path below it. A page
  // rendered on the server has no navigation pending.
  const fold = (path: string) => (caseSensitive ? path : path.toLowerCase());
  const toPathname = fold(pathOnly(to));
  const here = fold(location.pathname);
  const endSlash = toPathname !== "/" && toPathname.endsWith("/") ? toPathname.length - 1 : toPathname.length;
  const isActive = here === toPathname || (!end && here.startsWith(toPathname) && here.charAt(endSlash) === "/");
  return (
    <PlainAnchor
      {...(rest as Omit<LinkProps, "to">)}
      to={to}
      ref={ref}
      className={[className ?? "", isActive ? "active" : null].filter(Boolean).join(" ")}
      style={style}
      aria-current={isActive ? ariaCurrent : undefined}
    >
      {children}
    </PlainAnchor>
  );
});
