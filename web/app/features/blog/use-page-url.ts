import { useSyncExternalStore } from "react";
import { absoluteUrl, SITE_URL_TOKEN } from "~/lib/runtime-config";

const subscribe = () => () => {};

/**
 * The public URL of a page. Prerendered HTML holds the build-time placeholder (which the server
 * replaces); after hydration the browser's runtime value is used, so links are right either way.
 */
export function usePageUrl(path: string): string {
  return useSyncExternalStore(
    subscribe,
    () => absoluteUrl(path),
    () => SITE_URL_TOKEN + path,
  );
}
