import { redirectDocument } from "react-router";

// The public pages are prerendered and served without React; the few things on them that move are
// islands (app/islands.ts). This is the app's side: which routes are such pages, and how the app
// leaves for them. See docs/adr/0018-public-pages-without-react.md.

/** A route's `handle`: `islands: true` marks a page that is served as prerendered HTML plus the islands script. */
export type RouteHandle = { islands?: boolean };

export const islandsHandle: RouteHandle = { islands: true };

export function isIslandsHandle(handle: unknown): boolean {
  return typeof handle === "object" && handle !== null && (handle as RouteHandle).islands === true;
}

/**
 * The `clientLoader` of an islands page. The browser app never renders such a page itself: a
 * navigation to it from the portal loads the prerendered document instead. In development, where
 * Vite serves every page through the app, the page renders and its islands start from the root.
 */
export function loadAsDocument({ request }: { request: Request }): null {
  if (import.meta.env.DEV) return null;
  throw redirectDocument(request.url);
}
