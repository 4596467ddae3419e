import { FaqPage } from "~/features/faq/components/faq-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Frequently Asked Questions");

export default function FaqRoute() {
  return <FaqPage />;
}
