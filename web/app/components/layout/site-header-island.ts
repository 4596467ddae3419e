import { eachIsland, part } from "~/lib/island-dom";
import { MENU_ID, SCROLL_THRESHOLD } from "./site-nav";

/** The public header: opaque once the page is scrolled past the threshold; the mobile menu opens and closes. */
export function startSiteHeader(): void {
  eachIsland("[data-site-header]", (header) => {
    const toggle = part<HTMLButtonElement>(header, "[data-menu-toggle]");
    const menu = part(header, `#${MENU_ID}`);

    const onScroll = () => {
      header.dataset.scrolled = window.scrollY > SCROLL_THRESHOLD ? "true" : "false";
    };
    onScroll();
    window.addEventListener("scroll", onScroll, { passive: true });

    const setOpen = (open: boolean) => {
      header.dataset.menu = open ? "open" : "closed";
      menu.hidden = !open;
      toggle.setAttribute("aria-expanded", String(open));
      toggle.setAttribute("aria-label", open ? "Close menu" : "Open menu");
    };
    toggle.addEventListener("click", () => setOpen(menu.hidden));
    document.addEventListener("keydown", (event) => {
      if (event.key !== "Escape" || menu.hidden) return;
      setOpen(false);
      toggle.focus();
    });
    // A link in the menu leads to another page; a page restored from the back-forward cache starts closed.
    menu.addEventListener("click", (event) => {
      if ((event.target as Element).closest("a")) setOpen(false);
    });
    window.addEventListener("pageshow", () => setOpen(false));
  });
}
