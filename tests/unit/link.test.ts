/**
 * The app's Link and NavLink as the server renders them (app/components/ui/link.server.tsx)
 * don't resolve plain paths against the routes; they must render what Remix's own components
 * render (the browser hydrates their markup with Remix's): the same href,
 * `data-discover`, class (with `active`) and `aria-current`, wherever the reader is. Each case
 * renders both under a router at that location and compares the anchors' attributes.
 */
import { Link as RemixLink, NavLink as RemixNavLink } from "@remix-run/react";
import { createElement, type ComponentType } from "react";
import { renderToStaticMarkup } from "react-dom/server";
import { createStaticHandler, createStaticRouter, StaticRouterProvider } from "react-router-dom/server";
import { describe, expect, it } from "vitest";
import { Link, NavLink } from "~/components/ui/link.server";

async function render(location: string, element: ComponentType) {
  const routes = [{ path: "*", Component: element }];
  const handler = createStaticHandler(routes);
  const context = await handler.query(new Request(`http://acme.test${location}`));
  if (context instanceof Response) throw new Error("unexpected response");
  const router = createStaticRouter(handler.dataRoutes, context);
  return renderToStaticMarkup(createElement(StaticRouterProvider, { router, context, hydrate: false }));
}

/** Each anchor's attributes, order aside. */
function anchors(html: string) {
  return [...html.matchAll(/<a\b([^>]*)>/g)].map(([, attrs]) =>
    Object.fromEntries([...attrs!.matchAll(/([\w:-]+)(?:="([^"]*)")?/g)].map(([, name, value]) => [name, value ?? ""])),
  );
}

const navCases: { to: string; end?: boolean; caseSensitive?: boolean; className?: string }[] = [
  { to: "/" },
  { to: "/", end: true },
  { to: "/documents", className: "nav" },
  { to: "/documents", end: true },
  { to: "/documents/", className: "nav" },
  { to: "/Documents" },
  { to: "/Documents", caseSensitive: true },
  { to: "/documents?folder=Taxes", className: "nav" },
  { to: "/documents#top" },
  { to: "/doc" },
  { to: "/users/" },
  { to: "/files/José and co" },
  { to: "/documents?" },
  { to: "../up" },
  { to: "relative/path" },
  { to: "https://example.com/x" },
];
const locations = ["/", "/documents", "/documents/", "/documents/abc", "/documents-x", "/DOCUMENTS/abc", "/users/matt", "/doc", "/files/Jos%C3%A9%20and%20co"];

describe("NavLink", () => {
  for (const location of locations) {
    it(`renders as Remix's NavLink at ${location}`, async () => {
      const ours = await render(location, () => createElement("nav", null, ...navCases.map((props, i) => createElement(NavLink, { key: i, ...props }, "x"))));
      const remix = await render(location, () =>
        createElement("nav", null, ...navCases.map((props, i) => createElement(RemixNavLink, { key: i, ...props }, "x"))),
      );
      expect(anchors(ours)).toEqual(anchors(remix));
      expect(anchors(ours)).toHaveLength(navCases.length);
    });
  }

  it("marks the current page (a check on the comparison itself)", async () => {
    const html = await render("/documents/abc", () => createElement(NavLink, { to: "/documents", className: "nav" }, "Documents"));
    expect(anchors(html)[0]).toMatchObject({ href: "/documents", class: "nav active", "aria-current": "page", "data-discover": "true" });
    const elsewhere = await render("/inbox", () => createElement(NavLink, { to: "/documents", className: "nav" }, "Documents"));
    expect(anchors(elsewhere)[0]).toEqual({ href: "/documents", class: "nav", "data-discover": "true" });
  });
});

describe("Link", () => {
  const linkCases = [
    { to: "/questionnaire/abc?questionnaireId=q1" },
    { to: "/documents", reloadDocument: true },
    { to: "/documents", discover: "none" as const },
    { to: "/documents", target: "_blank", rel: "noreferrer" },
    { to: "/x", prefetch: "intent" as const, className: "button" },
    { to: "//elsewhere.test/x" },
    { to: "mailto:help@acme.test" },
    { to: "sub/page" },
  ];
  it("renders as Remix's Link", async () => {
    const ours = await render("/documents/abc", () =>
      createElement("div", null, ...linkCases.map((props, i) => createElement(Link, { key: i, ...props }, "x"))),
    );
    const remix = await render("/documents/abc", () =>
      createElement("div", null, ...linkCases.map((props, i) => createElement(RemixLink, { key: i, ...props }, "x"))),
    );
    expect(anchors(ours)).toEqual(anchors(remix));
    expect(anchors(ours)).toHaveLength(linkCases.length);
  });
});
