/**
 * /design: the living style guide (spec: standalone page). Shows every component in the current
 * firm's theme, or in the theme and brand colour given by ?theme= and ?brand=; ?shell= opens a
 * full-page shell demo. Needs no loader data of its own.
 */
import type { MetaFunction } from "@remix-run/node";
import { useRouteLoaderData, useSearchParams } from "@remix-run/react";
import { DEFAULT_THEME, isThemeName, safeBrandColors, toThemeName } from "../../themes/index";
import { StyleGuide } from "~/components/ui/style-guide";
import { firmTitle } from "~/meta";

export const meta: MetaFunction = ({ matches }) => [{ title: firmTitle(matches, "Design system") }];

export default function DesignRoute() {
  const [params] = useSearchParams();
  const root = useRouteLoaderData("root") as { theme?: unknown; brandColor?: unknown } | undefined;
  const requested = params.get("theme");
  const theme = isThemeName(requested) ? requested : root?.theme ? toThemeName(root.theme) : DEFAULT_THEME;
  const brandParam = params.get("brand");
  const rootBrand = typeof root?.brandColor === "string" ? root.brandColor : null;
  // A chosen theme without a brand shows the theme's own brand; otherwise the firm's.
  const brand = brandParam ? (safeBrandColors(brandParam)?.brand ?? null) : isThemeName(requested) ? null : rootBrand;
  return <StyleGuide theme={theme} brand={brand} shell={params.get("shell")} />;
}
