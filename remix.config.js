import { copyPdfJs } from "./scripts/copy-pdfjs.mjs";

// pdf.js is served from public/pdfjs (never bundled): every build, dev server and test run copies it there.
copyPdfJs();

/** @type {import('@remix-run/dev').AppConfig} */
export default {
  ignoredRouteFiles: ["**/.*", "**/*.test.*"],
  serverModuleFormat: "esm",
  serverPlatform: "node",
  // The generated Prisma client and the firm's theme files live outside node_modules
  // and are bundled; everything in node_modules stays external.
  serverDependenciesToBundle: [],
  watchPaths: ["./themes/**/*", "./tenants/**/*"],
  future: {
    v3_fetcherPersist: true,
    v3_relativeSplatPath: true,
    v3_throwAbortReason: true,
    v3_lazyRouteDiscovery: true,
    v3_singleFetch: true,
  },
};
