import { siteConfig } from "../../../lib/site";

export const CONTACT_EMBED_MIN_HEIGHT = 650;

/**
 * The third-party form's frame, prerendered hidden: when the deployment configures a form script,
 * contact-panel-island.ts shows this view instead of our own form and loads the script into it.
 */
export function ContactEmbed({ titleId }: { titleId: string }) {
  return (
    <div data-contact-embed-view="" hidden>
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        Discovery Call Form
      </h2>
      <div id="discovery-call-embed" data-contact-embed="" className="mt-6" style={{ minHeight: CONTACT_EMBED_MIN_HEIGHT }} />
      <p className="mt-4 text-sm text-slate-600">
        Form not loading? Email us at{" "}
        <a href={`mailto:${siteConfig.email}`} className="font-medium text-blue-700 underline underline-offset-2 hover:text-blue-800">
          {siteConfig.email}
        </a>
        .
      </p>
    </div>
  );
}
