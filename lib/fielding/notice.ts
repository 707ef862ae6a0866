/**
 * A small, self-contained HTML page for the respondent route's refusals (rate limit, size, wrong form),
 * which happen before any survey page can render.
 */
const escape = (text: string) => text.replace(/[&<>"']/g, (char) => `&#${char.charCodeAt(0)};`);

export function respondentNotice(status: number, title: string, message: string, headers: Record<string, string> = {}): Response {
  const html = `<!doctype html><html lang="en"><head><meta charset="utf-8"><meta name="viewport" content="width=device-width, initial-scale=1"><meta name="robots" content="noindex"><title>${escape(title)}</title>
<style>body{font-family:system-ui,sans-serif;margin:0;padding:2rem 1rem;background:#f8fafc;color:#0f172a}main{max-width:36rem;margin:0 auto;background:#fff;border-radius:1rem;padding:1.5rem;box-shadow:0 1px 2px rgba(0,0,0,.08)}h1{font-size:1.25rem;margin:0 0 .75rem}p{line-height:1.5;margin:0}</style></head>
<body><main><h1>${escape(title)}</h1><p>${escape(message)}</p></main></body></html>`;
  return new Response(html, { status, headers: { "content-type": "text/html; charset=utf-8", "cache-control": "no-store", ...headers } });
}
