import { errorMessage } from "~/lib/api";
import { eachIsland, part } from "~/lib/island-dom";
import { followLink, type LinkAction } from "./api";
import { LINK_FALLBACK_ERROR, LINK_TEXTS } from "./texts";

/** The newsletter's confirm and unsubscribe pages: the button posts the link's token. */
export function startNewsletterLinkPage(): void {
  eachIsland("[data-newsletter-link]", (page) => {
    const action = page.dataset.newsletterLink as LinkAction;
    const texts = LINK_TEXTS[action];
    const token = new URLSearchParams(window.location.search).get("token") ?? "";
    const heading = part(page, "[data-link-heading]");
    const ready = part(page, "[data-link-ready]");
    const error = part(page, "[data-link-error]");
    const button = part<HTMLButtonElement>(page, "[data-link-submit]");

    part(page, "[data-link-loading]").hidden = true;
    if (!token) {
      part(page, "[data-link-missing]").hidden = false;
      return;
    }
    ready.hidden = false;

    button.addEventListener("click", async () => {
      if (button.disabled) return;
      button.disabled = true;
      button.textContent = texts.busy;
      try {
        const result = await followLink(action, token);
        ready.hidden = true;
        part(page, "[data-link-icon]").hidden = true;
        part(page, "[data-link-done-icon]").hidden = false;
        heading.textContent = texts.doneHeading;
        part(page, "[data-link-done-text]").textContent = texts.done(result.email);
        part(page, "[data-link-done]").hidden = false;
        heading.focus();
      } catch (err) {
        part(error, "[data-link-error-text]").textContent = errorMessage(err, LINK_FALLBACK_ERROR);
        error.hidden = false;
      } finally {
        button.disabled = false;
        button.textContent = texts.button;
      }
    });
  });
}
