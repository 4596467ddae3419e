// The HTML is prerendered once at build time; the Go server replaces these tokens when it serves
// a page, so one build works for every deployment (see docs/adr/0003-prerender-and-runtime-config.md).
export const SITE_URL_TOKEN = "https://growthdesk.invalid";
export const RUNTIME_CONFIG_TOKEN = "__GROWTHDESK_CONFIG__";

export type RuntimeConfig = {
  siteUrl: string;
  contactEmbedUrl: string;
  demo: boolean;
};

let cached: RuntimeConfig | undefined;

export function runtimeConfig(): RuntimeConfig {
  if (cached) return cached;
  const fallback: RuntimeConfig = {
    siteUrl: typeof window === "undefined" ? SITE_URL_TOKEN : window.location.origin,
    contactEmbedUrl: "",
    demo: false,
  };
  if (typeof document === "undefined") return fallback;
  const raw = document.querySelector('meta[name="growthdesk-config"]')?.getAttribute("content");
  if (!raw || raw === RUNTIME_CONFIG_TOKEN) return (cached = fallback);
  try {
    cached = { ...fallback, ...(JSON.parse(raw) as Partial<RuntimeConfig>) };
  } catch {
    cached = fallback;
  }
  return cached;
}

/**
 * The content of the growthdesk-config meta tag: the token when prerendering, and in the browser
 * the value the server wrote. React 19 does not hydrate <meta>/<link> tags but looks for one with the
 * same attributes and adds a second tag when none matches, so the browser must render what is there.
 */
export function runtimeConfigMetaContent(): string {
  if (typeof document === "undefined") return RUNTIME_CONFIG_TOKEN;
  return document.querySelector('meta[name="growthdesk-config"]')?.getAttribute("content") ?? RUNTIME_CONFIG_TOKEN;
}

/**
 * Absolute URL of a path on the public site, as the server will serve it: the token when
 * prerendering (the server replaces it), the configured site URL in the browser.
 */
export function absoluteUrl(path: string): string {
  const base = typeof document === "undefined" ? SITE_URL_TOKEN : runtimeConfig().siteUrl;
  return base.replace(/\/$/, "") + path;
}
