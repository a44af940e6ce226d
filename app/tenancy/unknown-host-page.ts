/** The neutral page for a host that is neither the root domain nor a firm. No firm branding. */
export function unknownHostPage(rootUrl: string): string {
  const href = rootUrl.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<meta name="viewport" content="width=device-width, initial-scale=1">
<meta name="robots" content="noindex">
<title>Portal not found</title>
<style>
  :root { color-scheme: light; }
  body { margin: 0; min-height: 100vh; display: grid; place-items: center; background: #f5f6f8;
    font: 16px/1.5 system-ui, -apple-system, "Segoe UI", Roboto, sans-serif; color: #1f2430; }
  main { max-width: 28rem; margin: 1.5rem; padding: 2.5rem 2rem; background: #fff; border: 1px solid #e2e5ea;
    border-radius: 12px; box-shadow: 0 1px 2px rgba(16,24,40,.06); text-align: center; }
  h1 { font-size: 1.375rem; margin: 0 0 .5rem; }
  p { margin: 0 0 1.5rem; color: #535b6a; }
  a { display: inline-block; padding: .625rem 1.125rem; border-radius: 8px; background: #1f2a44; color: #fff;
    text-decoration: none; font-weight: 600; }
  a:focus-visible { outline: 3px solid #7aa2ff; outline-offset: 2px; }
</style>
</head>
<body>
<main>
  <p style="font-size:.8125rem;letter-spacing:.08em;text-transform:uppercase;margin-bottom:.75rem">404</p>
  <h1>We couldn't find that portal</h1>
  <p>There is no firm at this address. Check the link your firm sent you, or go to the main site.</p>
  <a href="${href}">Go to the main site</a>
</main>
</body>
</html>`;
}
