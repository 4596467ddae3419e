import { useId } from "react";
import { ContactEmbed } from "./contact-embed";
import { DiscoveryCallForm, DiscoveryCallThanks } from "./discovery-call-form";

/**
 * Our own discovery-call form, its thank-you view and the third-party form's frame; the island
 * shows one at a time and points the section's label at that view's heading.
 */
export function ContactFormPanel() {
  const formTitleId = useId();
  const thanksTitleId = useId();
  const embedTitleId = useId();
  return (
    <section aria-labelledby={formTitleId} data-contact-panel="" className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
      <DiscoveryCallForm titleId={formTitleId} />
      <DiscoveryCallThanks titleId={thanksTitleId} />
      <ContactEmbed titleId={embedTitleId} />
    </section>
  );
}
