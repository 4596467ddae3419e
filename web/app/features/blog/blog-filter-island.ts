import { eachIsland, part } from "~/lib/island-dom";
import { BLOG_INDEX_ID, type IndexEntry } from "./blog-index";
import { filterFromQuery, filterPosts, filterToQuery, type CategoryFilter } from "./filter";

/**
 * The blog list's search box and category buttons: they show the matching articles and hide the
 * rest, and keep the filter in the address (`?q=&category=`) so that it can be shared and Back
 * returns to it. Typing replaces the history entry (Back does not step through every letter); a
 * category is a step of its own.
 */
export function startBlogFilter(): void {
  eachIsland("[data-blog-search-form]", (form) => {
    const main = document.getElementById("main-content") ?? document.body;
    const posts = JSON.parse(part(document, `#${BLOG_INDEX_ID}`).textContent ?? "[]") as IndexEntry[];
    const search = part<HTMLInputElement>(form, "[data-blog-search]");
    const buttons = [...document.querySelectorAll<HTMLButtonElement>("[data-blog-category]")];
    const cards = new Map([...main.querySelectorAll<HTMLElement>("[data-post-slug]")].map((el) => [el.dataset.postSlug ?? "", el]));
    const sections = [...main.querySelectorAll<HTMLElement>("[data-blog-section]")];
    const empty = part(main, "[data-blog-empty]");
    const count = part(main, "[data-blog-count]");
    let category: CategoryFilter = "All";

    const show = () => {
      const { featured, latest } = filterPosts(posts, { search: search.value, category });
      const shown = new Set([...featured, ...latest].map((p) => p.slug));
      for (const [slug, card] of cards) card.hidden = !shown.has(slug);
      for (const section of sections) section.hidden = !section.querySelector("[data-post-slug]:not([hidden])");
      for (const button of buttons) button.setAttribute("aria-pressed", String(button.dataset.blogCategory === category));
      empty.hidden = shown.size > 0;
      count.textContent = shown.size === 1 ? "1 article found" : `${shown.size} articles found`;
    };
    const record = (mode: "push" | "replace") => {
      const url = location.pathname + filterToQuery({ search: search.value, category }) + location.hash;
      if (url === location.pathname + location.search + location.hash) return;
      if (mode === "push") history.pushState(null, "", url);
      else history.replaceState(null, "", url);
    };
    const fromAddress = () => {
      const filter = filterFromQuery(location.search);
      search.value = filter.search;
      category = filter.category;
      show();
    };

    form.addEventListener("submit", (event) => event.preventDefault());
    search.addEventListener("input", () => {
      show();
      record("replace");
    });
    for (const button of buttons) {
      button.addEventListener("click", () => {
        category = button.dataset.blogCategory as CategoryFilter;
        show();
        record("push");
      });
    }
    part(empty, "[data-blog-reset]").addEventListener("click", () => {
      search.value = "";
      category = "All";
      show();
      record("push");
    });
    window.addEventListener("popstate", fromAddress);
    // The address's filter counts, and so does a search typed before the script ran or restored by the browser.
    if (location.search) fromAddress();
    else if (search.value) {
      show();
      record("replace");
    }
  });
}
