import { useId } from "react";
import { useContactEmbedUrl } from "../use-contact-embed-url";
import { ContactEmbed } from "./contact-embed";
import { DiscoveryCallForm } from "./discovery-call-form";

/** Our own discovery-call form, or the third-party form when the deployment configures one. */
export function ContactFormPanel() {
  const titleId = useId();
  const embedUrl = useContactEmbedUrl();
  return (
    <section aria-labelledby={titleId} className="rounded-2xl bg-white p-6 shadow-lg ring-1 ring-slate-200 sm:p-8">
      {embedUrl ? <ContactEmbed src={embedUrl} titleId={titleId} /> : <DiscoveryCallForm titleId={titleId} />}
    </section>
  );
}
