import type { MetaDescriptor } from "react-router";
import { siteConfig } from "./site";
import { absoluteUrl } from "./runtime-config";

export type SeoInput = {
  title: string;
  description: string;
  path: string;
  image?: string;
  type?: "website" | "article";
  publishedTime?: string;
  noIndex?: boolean;
};

/**
 * Title, description, canonical URL, Open Graph and Twitter card tags for one page. URLs go through
 * absoluteUrl: prerendered with the token, rendered in the browser with the real site URL, so React
 * finds the server's canonical and Open Graph tags instead of adding a second set.
 */
export function seo(input: SeoInput): MetaDescriptor[] {
  const url = absoluteUrl(input.path);
  const title = input.path === "/" ? input.title : `${input.title} | ${siteConfig.name}`;
  const image = input.image ?? absoluteUrl("/og-image.png");
  const tags: MetaDescriptor[] = [
    { title },
    { name: "description", content: input.description },
    { tagName: "link", rel: "canonical", href: url },
    { property: "og:site_name", content: siteConfig.name },
    { property: "og:type", content: input.type ?? "website" },
    { property: "og:title", content: title },
    { property: "og:description", content: input.description },
    { property: "og:url", content: url },
    { property: "og:image", content: image },
    { name: "twitter:card", content: "summary_large_image" },
    { name: "twitter:title", content: title },
    { name: "twitter:description", content: input.description },
    { name: "twitter:image", content: image },
  ];
  if (input.publishedTime) tags.push({ property: "article:published_time", content: input.publishedTime });
  if (input.noIndex) tags.push({ name: "robots", content: "noindex" });
  return tags;
}
