import { useEffect, useRef } from "react";
import { siteConfig } from "../../../lib/site";

export const CONTACT_EMBED_MIN_HEIGHT = 650;

export function ContactEmbed({ src, titleId }: { src: string; titleId: string }) {
  const container = useRef<HTMLDivElement>(null);

  useEffect(() => {
    const host = container.current;
    if (!host) return;
    const script = document.createElement("script");
    script.src = src;
    script.async = true;
    host.appendChild(script);
    return () => {
      script.remove();
      host.replaceChildren();
    };
  }, [src]);

  return (
    <div>
      <h2 id={titleId} className="text-2xl font-bold text-slate-900">
        Discovery Call Form
      </h2>
      <div
        ref={container}
        id="discovery-call-embed"
        className="mt-6"
        style={{ minHeight: CONTACT_EMBED_MIN_HEIGHT }}
      />
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
