// Helpers of the islands, the small scripts that run the public pages' controls on prerendered markup
// they find by data attributes (app/islands.ts).

/** Starts fn on each element matching selector that has not been started yet. */
export function eachIsland<T extends HTMLElement = HTMLElement>(selector: string, fn: (el: T) => void): void {
  for (const el of document.querySelectorAll<T>(selector)) {
    if (el.dataset.islandBound === "true") continue;
    el.dataset.islandBound = "true";
    fn(el);
  }
}

/** The element matching selector inside root; throws when the markup lacks it, which is a build mistake. */
export function part<T extends Element = HTMLElement>(root: ParentNode, selector: string): T {
  const el = root.querySelector<T>(selector);
  if (!el) throw new Error(`island markup is missing ${selector}`);
  return el;
}
