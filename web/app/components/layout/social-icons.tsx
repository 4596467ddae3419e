import { Globe } from "lucide-react";
import type { SVGProps } from "react";

type IconProps = SVGProps<SVGSVGElement>;

function LinkedInIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <rect x="2.5" y="9" width="4" height="12.5" rx="0.6" />
      <circle cx="4.5" cy="4.75" r="2.25" />
      <path d="M9.5 9h3.8v1.8c.7-1.2 2.1-2.1 4-2.1 3.2 0 4.2 2 4.2 5.1v7.7h-4v-6.6c0-1.6-.4-2.7-1.9-2.7-1.6 0-2.1 1.2-2.1 2.8v6.5h-4z" />
    </svg>
  );
}

function XIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M3 3h5.6l4.3 5.9L18 3h2.8l-6.6 7.6L21.5 21h-5.6l-4.7-6.4L5.6 21H2.8l7.1-8.1zm3 1.6 10.8 14.8h1.6L7.6 4.6z" />
    </svg>
  );
}

function FacebookIcon(props: IconProps) {
  return (
    <svg viewBox="0 0 24 24" fill="currentColor" aria-hidden="true" {...props}>
      <path d="M13.5 21.5v-8h2.8l.5-3.3h-3.3V8.1c0-.9.4-1.8 1.9-1.8h1.5V3.5s-1.4-.3-2.7-.3c-2.7 0-4.5 1.6-4.5 4.6v2.4H6.8v3.3h2.9v8z" />
    </svg>
  );
}

/** An icon for a social network, chosen by its name ("LinkedIn", "X (Twitter)", "Facebook"). */
export function SocialIcon({ network, ...props }: { network: string } & IconProps) {
  const n = network.toLowerCase();
  if (n.includes("linkedin")) return <LinkedInIcon {...props} />;
  if (n.includes("twitter") || n === "x" || n.startsWith("x ")) return <XIcon {...props} />;
  if (n.includes("facebook")) return <FacebookIcon {...props} />;
  return <Globe aria-hidden="true" className={props.className} />;
}
