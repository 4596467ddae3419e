export type ShareLink = { network: "Twitter" | "LinkedIn" | "Facebook"; href: string };

// ':' and '/' may stay literal in a query string; keeping them makes the site URL appear verbatim
// in the prerendered HTML, where the server replaces the build-time placeholder with the real URL.
function encodeUrlParam(url: string): string {
  return encodeURIComponent(url).replace(/%3A/gi, ":").replace(/%2F/gi, "/");
}

export function shareLinks(pageUrl: string, title: string): ShareLink[] {
  const url = encodeUrlParam(pageUrl);
  const text = encodeURIComponent(title);
  return [
    { network: "Twitter", href: `https://twitter.com/intent/tweet?url=${url}&text=${text}` },
    { network: "LinkedIn", href: `https://www.linkedin.com/sharing/share-offsite/?url=${url}` },
    { network: "Facebook", href: `https://www.facebook.com/sharer/sharer.php?u=${url}` },
  ];
}
