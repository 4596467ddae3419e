import { ApiError } from "~/lib/api";
import { eachIsland, part } from "~/lib/island-dom";
import { subscribe, type NewsletterSource } from "./api";
import { ALREADY_SUBSCRIBED_TEXT, SUBSCRIBED_TEXT, SUBSCRIBE_FALLBACK_ERROR } from "./texts";

/** Every newsletter box on the page: subscribes the address, then shows the confirmation or the server's message. */
export function startNewsletterBoxes(): void {
  eachIsland("[data-newsletter]", (box) => {
    const source = box.dataset.newsletter as NewsletterSource;
    const form = part<HTMLFormElement>(box, "[data-newsletter-form]");
    const input = part<HTMLInputElement>(form, "input[name=email]");
    const button = part<HTMLButtonElement>(form, "button[type=submit]");
    const error = part(form, "[data-newsletter-error]");
    const done = part(box, "[data-newsletter-done]");
    const doneText = part(done, "[data-newsletter-done-text]");

    const showError = (message: string | null) => {
      error.hidden = message === null;
      error.textContent = message ?? "";
      if (message === null) {
        input.removeAttribute("aria-invalid");
        input.removeAttribute("aria-describedby");
      } else {
        input.setAttribute("aria-invalid", "true");
        input.setAttribute("aria-describedby", error.id);
      }
    };

    input.addEventListener("input", () => {
      if (!error.hidden) showError(null);
    });
    form.addEventListener("submit", async (event) => {
      event.preventDefault();
      if (button.disabled) return;
      button.disabled = true;
      button.textContent = "Subscribing...";
      try {
        const res = await subscribe(input.value, source);
        doneText.textContent = res?.status === "already_subscribed" ? ALREADY_SUBSCRIBED_TEXT : SUBSCRIBED_TEXT;
        form.hidden = true;
        done.hidden = false;
      } catch (err) {
        showError(err instanceof ApiError ? (err.fields.email ?? err.message) : SUBSCRIBE_FALLBACK_ERROR);
      } finally {
        button.disabled = false;
        button.textContent = "Subscribe";
      }
    });
  });
}
