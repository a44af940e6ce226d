/** The fake's pages: stand-ins for Stripe's hosted pages. */
/** Escapes text for the fake's pages. */
export function html(text: string): string {
  return text.replace(/[&<>"']/g, (c) => `&#${c.charCodeAt(0)};`);
}

/** A plain page of the fake (a stand-in for Stripe's hosted pages). */
export function fakePage(title: string, body: string): string {
  return `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><title>${html(title)}</title>
<style>body{font-family:system-ui,sans-serif;max-width:28rem;margin:2rem auto;padding:0 1rem;color:#1a1a2e}h1{font-size:1.4rem}
.note{background:#fff7e0;border:1px solid #e8c65a;padding:.5rem .75rem;border-radius:6px;font-size:.9rem}
button,a.button{display:block;width:100%;box-sizing:border-box;margin:.75rem 0;padding:.75rem;font-size:1rem;border-radius:6px;border:1px solid #635bff;background:#635bff;color:#fff;text-align:center;text-decoration:none;cursor:pointer}
a.secondary,button.secondary{background:#fff;color:#635bff}.amount{font-size:2rem;font-weight:600}</style></head>
<body><p class="note">Local Stripe test page: no real money moves.</p>${body}</body></html>`;
}
