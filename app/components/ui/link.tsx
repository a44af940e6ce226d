import { Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import * as onServer from "./link.server";

/**
 * The app's `Link` and `NavLink`: on the server, renderings of Remix's that don't resolve plain
 * paths against the routes (`./link.server.tsx`: the same markup for a tenth less CPU per page);
 * in the browser, where `.server` modules are empty, Remix's own, which hydrate that markup and
 * handle clicks and prefetching.
 */
export const Link: typeof RemixLink = onServer.Link ?? RemixLink;
export const NavLink: typeof RemixNavLink = onServer.NavLink ?? RemixNavLink;
