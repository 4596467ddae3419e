import { useSyncExternalStore } from "react";
import { runtimeConfig } from "../../lib/runtime-config";

const subscribe = () => () => {};
const readEmbedUrl = () => runtimeConfig().contactEmbedUrl.trim();
const prerenderedEmbedUrl = () => "";

/**
 * The prerendered HTML always carries our own form; after hydration the page switches to the
 * third-party embed when the server configured one, without a hydration mismatch.
 */
export function useContactEmbedUrl(): string {
  return useSyncExternalStore(subscribe, readEmbedUrl, prerenderedEmbedUrl);
}
