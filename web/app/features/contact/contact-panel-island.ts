import { ApiError } from "~/lib/api";
import { eachIsland, part } from "~/lib/island-dom";
import { runtimeConfig } from "~/lib/runtime-config";
import { submitLead } from "./api";
import {
  LEAD_FIELDS,
  goalHint,
  hasErrors,
  pickLeadFieldErrors,
  toLeadPayload,
  validateLead,
  validateLeadField,
  type LeadErrors,
  type LeadField,
  type LeadFormValues,
} from "./lead";

const FALLBACK_ERROR = "Something went wrong. Please try again.";
const INVALID_BORDER = "border-red-700";
const VALID_BORDER = "border-slate-500";

type Control = HTMLInputElement | HTMLTextAreaElement | HTMLSelectElement;

/**
 * The contact page's panel: our discovery-call form (checked field by field, sent as a lead, then
 * thanked), or the third-party form when the deployment configures one.
 */
export function startContactPanel(): void {
  eachIsland("[data-contact-panel]", (panel) => {
    const views = {
      form: part(panel, "[data-contact-form-view]"),
      thanks: part(panel, "[data-contact-thanks]"),
      embed: part(panel, "[data-contact-embed-view]"),
    };
    const show = (name: keyof typeof views) => {
      for (const [key, view] of Object.entries(views)) view.hidden = key !== name;
      panel.setAttribute("aria-labelledby", part(views[name], "h2").id);
    };

    const embedUrl = runtimeConfig().contactEmbedUrl.trim();
    if (embedUrl) {
      show("embed");
      const script = document.createElement("script");
      script.src = embedUrl;
      script.async = true;
      part(views.embed, "[data-contact-embed]").appendChild(script);
      return;
    }
    startForm(views.form, () => show("thanks"), () => show("form"), views.thanks);
  });
}

function startForm(view: HTMLElement, onSent: () => void, onAgain: () => void, thanks: HTMLElement): void {
  const form = part<HTMLFormElement>(view, "form");
  const submit = part<HTMLButtonElement>(form, "button[type=submit]");
  const formError = part(view, "[data-contact-form-error]");
  const controls = Object.fromEntries(
    LEAD_FIELDS.map((field) => [field, form.elements.namedItem(field) as Control]),
  ) as Record<LeadField, Control>;
  const goal = controls.automation_goal;
  const goalHintEl = document.getElementById(`${goal.id}-hint`);
  const errors: LeadErrors = {};

  const values = (): LeadFormValues =>
    Object.fromEntries(LEAD_FIELDS.map((field) => [field, controls[field].value])) as LeadFormValues;

  const setError = (field: LeadField, message: string | undefined) => {
    const control = controls[field];
    const errorId = `${control.id}-error`;
    let el = document.getElementById(errorId);
    if (message) {
      errors[field] = message;
      if (!el) {
        el = document.createElement("p");
        el.id = errorId;
        el.className = "mt-1.5 text-sm font-medium text-red-700";
        control.parentElement?.after(el);
      }
      el.textContent = message;
      control.setAttribute("aria-invalid", "true");
    } else {
      delete errors[field];
      el?.remove();
      control.removeAttribute("aria-invalid");
    }
    const describedBy = [message && errorId, document.getElementById(`${control.id}-hint`) && `${control.id}-hint`]
      .filter(Boolean)
      .join(" ");
    if (describedBy) control.setAttribute("aria-describedby", describedBy);
    else control.removeAttribute("aria-describedby");
    control.classList.toggle(INVALID_BORDER, Boolean(message));
    control.classList.toggle(VALID_BORDER, !message);
  };

  const showErrors = (found: LeadErrors) => {
    for (const field of LEAD_FIELDS) setError(field, found[field]);
    const first = LEAD_FIELDS.find((field) => found[field]);
    if (first) controls[first].focus();
  };

  const showFormError = (message: string | null) => {
    formError.hidden = message === null;
    part(formError, "[data-contact-form-error-text]").textContent = message ?? "";
  };

  for (const field of LEAD_FIELDS) {
    const control = controls[field];
    const onEdit = () => {
      if (field === "automation_goal" && goalHintEl) goalHintEl.textContent = goalHint(control.value);
      if (errors[field]) setError(field, validateLeadField(field, control.value));
    };
    control.addEventListener("input", onEdit);
    control.addEventListener("change", onEdit);
    control.addEventListener("blur", () => {
      if (control.value.trim() !== "") setError(field, validateLeadField(field, control.value));
    });
  }

  form.addEventListener("submit", async (event) => {
    event.preventDefault();
    if (submit.disabled) return;
    showFormError(null);
    const current = values();
    const found = validateLead(current);
    showErrors(found);
    if (hasErrors(found)) return;
    submit.disabled = true;
    submit.textContent = "Sending...";
    try {
      await submitLead(toLeadPayload(current));
      reset();
      onSent();
      part(thanks, "h2").focus();
    } catch (err) {
      const fromServer = err instanceof ApiError && err.status === 422 ? pickLeadFieldErrors(err.fields) : {};
      if (hasErrors(fromServer)) showErrors(fromServer);
      else showFormError(err instanceof ApiError ? err.message : FALLBACK_ERROR);
    } finally {
      submit.disabled = false;
      submit.textContent = "Book My Free Call";
    }
  });

  const reset = () => {
    form.reset();
    for (const field of LEAD_FIELDS) setError(field, undefined);
    showFormError(null);
    if (goalHintEl) goalHintEl.textContent = goalHint("");
  };

  part(thanks, "[data-contact-again]").addEventListener("click", () => {
    reset();
    onAgain();
    controls.name.focus();
  });

  submit.disabled = false;
}
