import { siteConfig } from "../../../lib/site";
import { contactDetails, list, p, type LegalDocument } from "./legal";

const company = siteConfig.legalName;
const brand = siteConfig.name;

export const termsOfService: LegalDocument = {
  title: "Terms of Service",
  lastUpdated: { iso: "2025-09-15", display: "September 15, 2025" },
  intro: [
    `These Terms of Service govern your use of the website, client portal and services of ${company} ("${brand}", "we", "us"). Please read them carefully.`,
  ],
  sections: [
    {
      id: "acceptance",
      title: "1. Acceptance of Terms",
      blocks: [
        p(
          "By using our website or client portal, or by engaging us for services, you agree to these terms. If you use our services on behalf of an organization, you confirm that you are authorized to accept these terms for it. If you do not agree, please do not use our website or services.",
        ),
      ],
    },
    {
      id: "services",
      title: "2. Our Services",
      blocks: [
        p(
          "We design, build and support AI chatbots, workflow automation and automated reporting, and we offer a free AI Growth Blueprint report and strategy consultation. The scope, deliverables, timeline and fees of paid work are set out in a proposal or agreement signed by both parties, which takes precedence over these terms where they differ.",
        ),
        p(
          "Results such as time saved or return on investment depend on your business, your data and how the solutions are used. Figures on our website describe past client outcomes and are not a guarantee of future results.",
        ),
      ],
    },
    {
      id: "user-responsibilities",
      title: "3. User Responsibilities",
      blocks: [
        p("When you use our website, client portal or services, you agree to:"),
        list(
          "Give accurate information and keep your account details up to date.",
          "Keep your password and two-factor codes confidential, and tell us promptly about any unauthorized use of your account.",
          "Have the rights and permissions needed for any data or systems you give us access to.",
          "Not misuse our services, including trying to break their security, overload them, or use them for anything unlawful.",
          "Review the output of AI systems we build for you before relying on it for important decisions.",
        ),
      ],
    },
    {
      id: "intellectual-property",
      title: "4. Intellectual Property",
      blocks: [
        p(
          `The content of this website, including text, graphics, logos and the design of the client portal, belongs to ${company} or its licensors and may not be copied without our permission.`,
        ),
        p(
          "Unless your agreement says otherwise, you own your data and the deliverables created specifically for you once they have been paid for in full. We keep ownership of our pre-existing tools, templates and know-how, and grant you a license to use any that are part of your deliverables for your business.",
        ),
      ],
    },
    {
      id: "liability",
      title: "5. Limitation of Liability",
      blocks: [
        p(
          'Our website and free resources are provided "as is" without warranties of any kind. To the fullest extent allowed by law, we are not liable for indirect, incidental, special or consequential damages, or for lost profits, revenue or data, arising from your use of our website or services.',
        ),
        p(
          "Our total liability for any claim related to our services is limited to the fees you paid us for those services in the twelve months before the claim arose. Nothing in these terms limits liability that cannot be limited by law.",
        ),
      ],
    },
    {
      id: "termination",
      title: "6. Termination",
      blocks: [
        p(
          "You may stop using our services at any time, subject to the notice terms of your agreement. We may suspend or close an account that breaches these terms or puts the security of our systems or other clients at risk. Fees for work already performed remain payable, and the sections on intellectual property, liability and governing law continue to apply after termination.",
        ),
      ],
    },
    {
      id: "governing-law",
      title: "7. Governing Law",
      blocks: [
        p(
          "These terms are governed by the laws of the State of Indiana, United States, without regard to its conflict-of-law rules. Any dispute will be resolved in the state or federal courts located in Marion County, Indiana, and both parties consent to their jurisdiction.",
        ),
      ],
    },
    {
      id: "changes",
      title: "8. Changes to These Terms",
      blocks: [
        p(
          `We may update these terms from time to time. We will post the new version on this page with a new "Last updated" date and, for significant changes, notify portal users in advance. Continuing to use our website or services after the changes take effect means you accept the updated terms.`,
        ),
        p("Questions about these terms? Contact us:"),
        contactDetails,
      ],
    },
  ],
};
