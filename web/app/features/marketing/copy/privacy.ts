import { siteConfig } from "../../../lib/site";
import { contactDetails, list, p, type LegalDocument } from "./legal";

const company = siteConfig.legalName;
const brand = siteConfig.name;

export const privacyPolicy: LegalDocument = {
  title: "Privacy Policy",
  lastUpdated: { iso: "2025-09-15", display: "September 15, 2025" },
  intro: [
    `This Privacy Policy explains how ${company} ("${brand}", "we", "us") collects, uses and protects personal information when you visit our website, contact us, subscribe to our newsletter or use our client portal.`,
    "We collect only what we need to serve you, we never sell your personal information, and you can ask us at any time what we hold about you.",
  ],
  sections: [
    {
      id: "information-we-collect",
      title: "1. Information We Collect",
      blocks: [
        p("We collect information you give us directly:"),
        list(
          "Discovery call requests: your name, work e-mail, company, phone number (if you provide it), what you would like to automate and your preferred time for a call.",
          "Newsletter sign-ups: your e-mail address and the date you subscribed.",
          "Client portal accounts: your name, e-mail address, organization, password (stored only as a secure hash), profile details, security settings, and the projects, support tickets, meetings and messages you create.",
          "Billing: your subscription plan, invoices and payment status. Card details are entered on our payment provider's page and never reach our servers.",
        ),
        p(
          "When you use our website or portal, our servers also record basic technical information such as your IP address, browser type and the pages requested. We use these logs to keep the service secure and working, and we keep them only for a limited time.",
        ),
      ],
    },
    {
      id: "how-we-use-information",
      title: "2. How We Use Your Information",
      blocks: [
        list(
          "To respond to your inquiries and schedule the calls you request.",
          "To send the newsletter you subscribed to. Every issue includes a link to unsubscribe.",
          "To provide, secure and support the client portal and the services in your agreement with us.",
          "To process payments, send invoices and keep the accounting records the law requires.",
          "To detect and prevent fraud, abuse and security incidents.",
          "To improve our website and services using aggregate information that does not identify you.",
        ),
        p("We do not use your personal information for automated decisions that have legal or similarly significant effects on you."),
      ],
    },
    {
      id: "sharing",
      title: "3. How We Share Information",
      blocks: [
        p("We do not sell or rent your personal information. We share it only in these cases:"),
        list(
          "With service providers that help us run our business, such as hosting, e-mail delivery and payment processing. They may use your information only to provide their service to us and must protect it.",
          "With your organization: members of the same organization in the client portal can see shared projects, tickets and reports.",
          "When the law requires it, or to protect the rights, property or safety of our clients, our staff or the public.",
          "As part of a merger, acquisition or sale of assets, in which case we will tell you before your information is transferred and becomes subject to a different privacy policy.",
        ),
      ],
    },
    {
      id: "data-security",
      title: "4. Data Security",
      blocks: [
        p(
          "We protect your information with encryption in transit, hashed passwords, optional two-factor authentication, access limited to the staff who need it, and logging of administrative actions. Staff access to client accounts is recorded.",
        ),
        p(
          "No system is completely secure. If we learn of a breach that affects your personal information, we will notify you and the relevant authorities as the law requires.",
        ),
      ],
    },
    {
      id: "your-rights",
      title: "5. Your Rights and Choices",
      blocks: [
        p("Depending on where you live, you may have the right to:"),
        list(
          "Ask for a copy of the personal information we hold about you.",
          "Ask us to correct information that is wrong or incomplete. You can update your profile in the client portal at any time.",
          "Ask us to delete your information, unless we must keep it to meet a legal obligation.",
          "Unsubscribe from the newsletter using the link in any issue.",
          "Object to or restrict certain uses of your information.",
        ),
        p(
          "To use any of these rights, contact us using the details below. We will answer within 30 days and will not treat you differently for making a request.",
        ),
      ],
    },
    {
      id: "cookies",
      title: "6. Cookies",
      blocks: [
        p(
          "Our website does not use advertising or tracking cookies, and we do not use third-party analytics that follow you across sites.",
        ),
        p(
          "When you sign in to the client portal, we store what is needed to keep you signed in securely in your browser. This is strictly necessary for the portal to work and is removed when you sign out or when your session ends.",
        ),
      ],
    },
    {
      id: "external-links",
      title: "7. Third-Party Links",
      blocks: [
        p(
          "Our website and blog link to other sites, such as our social media profiles and sources we cite. We are not responsible for the content or privacy practices of those sites, and we encourage you to read their privacy policies.",
        ),
      ],
    },
    {
      id: "changes",
      title: "8. Changes to This Policy",
      blocks: [
        p(
          `We may update this policy as our services or the law change. We will post the new version on this page with a new "Last updated" date, and if the changes are significant we will notify portal users by e-mail or in the portal before they take effect.`,
        ),
      ],
    },
    {
      id: "contact-us",
      title: "9. Contact Us",
      blocks: [p(`If you have questions about this policy or how ${brand} handles your information, contact us:`), contactDetails],
    },
  ],
};
