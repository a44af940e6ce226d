/**
 * The router with its route-matching memos (scripts/lib/route-matching-cache.mjs) answers as the
 * router itself: the same matches for every path, on repeated calls too, and the patch applies to
 * the installed version of @remix-run/router (on another version it would change nothing).
 */
import { readFileSync } from "node:fs";
import type * as RouterModule from "@remix-run/router";
import { describe, expect, it } from "vitest";
import { compileModule } from "../../scripts/lib/module-patch.mjs";
import {
  patchRemixServerSource,
  patchRouterSource,
  patchStaticRouterSource,
  remixServerFilename,
  routerFilename,
  staticRouterFilename,
} from "../../scripts/lib/route-matching-cache.mjs";

type Router = typeof RouterModule;

function compile(source: string): Router {
  return compileModule(routerFilename(), source).exports as Router;
}

const original = readFileSync(routerFilename(), "utf8");
const patchedSource = patchRouterSource(original);

/** Routes like the app's: a root layout, pathless layouts, index routes, params, optional segments, splats. */
function routes() {
  return [
    {
      id: "root",
      path: "",
      children: [
        { id: "index", index: true },
        { id: "signin", path: "signin" },
        { id: "Signin-exact", path: "SignIn", caseSensitive: true },
        {
          id: "staff",
          children: [
            { id: "overview", path: "overview" },
            {
              id: "admin",
              path: "admin",
              children: [
                { id: "admin-index", index: true },
                { id: "admin-entity", path: ":entityId" },
              ],
            },
            { id: "admin-documents", path: "admin/:entityId/documents/*" },
            { id: "clients", path: "clients/:page?" },
          ],
        },
        { id: "questionnaire", path: "questionnaire/:companyHash" },
        { id: "documents", path: "documents/:companyHash/:folder?/:sub?" },
        { id: "api", path: "api/questionnaires/:companyHash" },
        { id: "splat", path: "*" },
      ],
    },
  ];
}

const PATHS = [
  "/",
  "/signin",
  "/SignIn",
  "/signin/",
  "/overview",
  "/admin",
  "/admin/ent_1",
  "/admin/ent_1/documents",
  "/admin/ent_1/documents/a/b%2Fc",
  "/clients",
  "/clients/3",
  "/questionnaire/abc",
  "/documents/abc",
  "/documents/abc/x",
  "/documents/abc/x/y",
  "/api/questionnaires/h",
  "/nothing/here",
  "/admin/ent_1/other",
];

describe("route matching with memos", () => {
  it("applies to the installed @remix-run/router, RemixServer and static router", () => {
    expect(patchedSource).not.toBeNull();
    expect(patchRouterSource("function matchRoutesImpl() {}")).toBeNull();
    expect(patchRemixServerSource(readFileSync(remixServerFilename(), "utf8"))).not.toBeNull();
    expect(patchStaticRouterSource(readFileSync(staticRouterFilename(), "utf8"))).not.toBeNull();
    expect(patchStaticRouterSource("function createStaticRouter() {}")).toBeNull();
  });

  it("matches every path as the router itself, on repeated calls and for every route array", () => {
    const before = compile(original);
    const after = compile(patchedSource!);
    expect((after as unknown as { UNSAFE_routeMatchingCache?: boolean }).UNSAFE_routeMatchingCache).toBe(true);
    const shared = routes();
    for (let round = 0; round < 3; round++) {
      for (const pathname of PATHS) {
        const expected = before.matchRoutes(routes(), pathname);
        const strip = (m: ReturnType<Router["matchRoutes"]>) =>
          m?.map(({ params, pathname, pathnameBase, route }) => ({ params, pathname, pathnameBase, id: route.id }));
        expect(strip(after.matchRoutes(shared, pathname)), pathname).toEqual(strip(expected));
        expect(strip(after.matchRoutes(routes(), pathname)), pathname).toEqual(strip(expected));
        expect(after.matchPath({ path: "/admin/:id", end: false }, pathname)).toEqual(before.matchPath({ path: "/admin/:id", end: false }, pathname));
        expect(after.matchPath("/admin/:id", pathname)).toEqual(before.matchPath("/admin/:id", pathname));
      }
    }
  });

  it("gives every caller its own matches: changing one answer changes no later one", () => {
    const after = compile(patchedSource!);
    const shared = routes();
    const first = after.matchRoutes(shared, "/admin/ent_1")!;
    (first[first.length - 1]!.params as Record<string, string>).entityId = "changed";
    first.pop();
    const again = after.matchRoutes(shared, "/admin/ent_1")!;
    expect(again.map((m) => m.route.id)).toEqual(["root", "staff", "admin", "admin-entity"]);
    expect(again[again.length - 1]!.params).toEqual({ entityId: "ent_1" });
  });
});
