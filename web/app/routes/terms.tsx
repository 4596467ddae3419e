import { seo } from "../lib/seo";
import { siteConfig } from "../lib/site";
import { LegalPage } from "../features/marketing/components/legal-page";
import { termsOfService } from "../features/marketing/copy/terms";

export const meta = () =>
  seo({
    title: "Terms of Service",
    description: `The terms for using the ${siteConfig.name} website, client portal and AI automation services, including responsibilities, liability and Indiana governing law.`,
    path: "/terms",
  });

export default function TermsPage() {
  return <LegalPage document={termsOfService} />;
}
