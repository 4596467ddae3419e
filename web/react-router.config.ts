import type { Config } from "@react-router/dev/config";
import { readdirSync } from "node:fs";

const staticPages = [
  "/",
  "/solutions",
  "/blog",
  "/about",
  "/contact",
  "/privacy",
  "/terms",
  "/checkout/success",
  "/newsletter/confirm",
  "/newsletter/unsubscribe",
];

function blogPaths(): string[] {
  return readdirSync(new URL("../content/blog/", import.meta.url))
    .filter((f) => f.endsWith(".md"))
    .map((f) => `/blog/${f.slice(0, -3)}`);
}

export default {
  ssr: false,
  async prerender() {
    return [...staticPages, ...blogPaths()];
  },
} satisfies Config;
