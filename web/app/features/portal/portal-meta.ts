import type { MetaDescriptor } from "react-router";
import { siteConfig } from "~/lib/site";

/** Portal pages have a title of their own and are never indexed. */
export function portalMeta(title: string): MetaDescriptor[] {
  return [{ title: `${title} | ${siteConfig.name} Portal` }, { name: "robots", content: "noindex, nofollow" }];
}
