import { NewsletterLinkPage } from "~/features/newsletter/link-page";
import { seo } from "~/lib/seo";

export const meta = () =>
  seo({
    title: "Confirm Your Subscription",
    description: "Confirm your subscription to our newsletter on AI automation.",
    path: "/newsletter/confirm",
    noIndex: true,
  });

export default function NewsletterConfirmPage() {
  return <NewsletterLinkPage action="confirm" />;
}
