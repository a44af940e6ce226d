import { Links, Meta, Outlet, Scripts, ScrollRestoration } from "@remix-run/react";
import { cssBundleHref } from "@remix-run/css-bundle";
export const links = () => (cssBundleHref ? [{ rel: "stylesheet", href: cssBundleHref }] : []);
export default function App() {
  return (<html lang="en"><head><Meta /><Links /></head><body><Outlet /><ScrollRestoration /><Scripts /></body></html>);
}
