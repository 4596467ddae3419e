import { seo } from "../lib/seo";
import { siteConfig } from "../lib/site";
import { LegalPage } from "../features/marketing/components/legal-page";
import { privacyPolicy } from "../features/marketing/copy/privacy";

export const meta = () =>
  seo({
    title: "Privacy Policy",
    description: `How ${siteConfig.name} collects, uses and protects your information: contact requests, newsletter sign-ups and client portal accounts. No tracking cookies.`,
    path: "/privacy",
  });

export default function PrivacyPage() {
  return <LegalPage document={privacyPolicy} />;
}
