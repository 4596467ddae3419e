// The script of the public pages, which are served as prerendered HTML without React: it starts
// each island whose markup is on the page. root.tsx links it, built as one small file of its own.
import { startFooterYear } from "./components/layout/site-footer-island";
import { startSiteHeader } from "./components/layout/site-header-island";
import { startBlogFilter } from "./features/blog/blog-filter-island";
import { startContactPanel } from "./features/contact/contact-panel-island";
import { startNewsletterBoxes } from "./features/newsletter/newsletter-box-island";
import { startNewsletterLinkPage } from "./features/newsletter/link-page-island";
import { installGlobalErrorHandlers } from "./lib/client-errors";

export function startIslands(): void {
  startSiteHeader();
  startFooterYear();
  startBlogFilter();
  startContactPanel();
  startNewsletterBoxes();
  startNewsletterLinkPage();
  // Tests and tools wait for this: the page's controls are live.
  document.documentElement.dataset.islands = "ready";
}

// In development the app renders these pages and starts the islands after each render (root.tsx).
if (!import.meta.env.DEV) {
  installGlobalErrorHandlers();
  startIslands();
}
