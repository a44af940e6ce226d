/**
 * `/`'s pages other than the client dashboard, imported at once on the server so it renders their
 * full HTML (app/home/index-pages.tsx). The browser's bundle gets an empty module instead.
 */
export { CollectOverview } from "~/collect/overview/collect-overview";
export { MarketingHome } from "~/platform/marketing-home";
export { SignInPage } from "~/routes/signin";
