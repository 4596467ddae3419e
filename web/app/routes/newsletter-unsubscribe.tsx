import { NewsletterLinkPage } from "~/features/newsletter/link-page";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Unsubscribe",
    description: "Unsubscribe from our newsletter on AI automation.",
    path: "/newsletter/unsubscribe",
    noIndex: true,
  });

export default function NewsletterUnsubscribePage() {
  return <NewsletterLinkPage action="unsubscribe" />;
}
