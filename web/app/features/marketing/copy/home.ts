import { Bot, ChartColumn, Compass, PencilRuler, Rocket, Workflow, type LucideIcon } from "lucide-react";
import type { Offering } from "./types";

export const homeServices: Offering[] = [
  {
    id: "ai-chatbots",
    icon: Bot,
    title: "AI Chatbots",
    tagline: "Answer every customer, day or night",
    description:
      "A chatbot trained on your products, policies and past conversations that answers questions, qualifies leads and books appointments on your website, in your inbox and over text.",
    features: [
      "Trained on your own documents, FAQs and help articles",
      "Hands off to a person with the full conversation attached",
      "Books meetings straight into your team's calendars",
      "Works on your website, e-mail, SMS and social messages",
    ],
    results: [
      "Most routine questions answered without waiting",
      "Replies in seconds instead of hours",
      "More qualified leads captured after hours",
    ],
  },
  {
    id: "workflow-automation",
    icon: Workflow,
    title: "Workflow Automation",
    tagline: "Let your systems talk to each other",
    description:
      "We connect the tools you already pay for (CRM, accounting, e-mail, spreadsheets, scheduling) and let AI handle the copy-paste, follow-ups and approvals in between.",
    features: [
      "Lead routing, follow-up sequences and reminders",
      "Invoices, orders and records synced between systems",
      "Documents and e-mails read and sorted by AI",
      "Approval steps with alerts so nothing stalls",
    ],
    results: [
      "Hours of manual data entry removed every week",
      "Fewer errors from re-typing information",
      "Faster turnaround from first contact to invoice",
    ],
  },
  {
    id: "automated-reporting",
    icon: ChartColumn,
    title: "Automated Reporting",
    tagline: "Know your numbers without building spreadsheets",
    description:
      "Dashboards and scheduled reports that pull from every system you use, explain what changed in plain language and land in your inbox before Monday's meeting.",
    features: [
      "Live dashboards for sales, operations and finance",
      "Scheduled summaries by e-mail in plain language",
      "Alerts when a metric moves outside its normal range",
      "One source of truth across all of your tools",
    ],
    results: [
      "Reports ready in minutes instead of days",
      "Decisions made on current, trusted numbers",
      "Problems spotted early, before they cost money",
    ],
  },
];

export type ProcessStep = { icon: LucideIcon; title: string; duration: string; description: string };

export const processSteps: ProcessStep[] = [
  {
    icon: Compass,
    title: "Discover",
    duration: "Week 1",
    description:
      "We start with a free strategy call, then map how work really flows through your business and pick the automations with the fastest payback.",
  },
  {
    icon: PencilRuler,
    title: "Design",
    duration: "Week 1–2",
    description:
      "You get a clear plan with scope, timeline and expected return. We design each automation around your tools and your team, and you approve it before we build.",
  },
  {
    icon: Rocket,
    title: "Deploy",
    duration: "Week 2–4",
    description:
      "We build, test with real data, train your team and go live. After launch we monitor results and keep improving what we built.",
  },
];

export type CaseStudy = {
  industry: string;
  client: string;
  challenge: string;
  solution: string;
  metrics: { value: string; label: string }[];
};

export const caseStudies: CaseStudy[] = [
  {
    industry: "Home Services",
    client: "A regional HVAC and plumbing company",
    challenge: "Missed calls after hours meant lost jobs, and dispatchers spent mornings returning voicemails.",
    solution: "An AI chatbot on the website and over text that answers questions, quotes standard jobs and books visits.",
    metrics: [
      { value: "38%", label: "more booked jobs" },
      { value: "24/7", label: "customer coverage" },
    ],
  },
  {
    industry: "Professional Services",
    client: "A 40-person accounting firm",
    challenge: "Staff copied client documents between e-mail, the portal and the practice software by hand.",
    solution: "Workflow automation that reads incoming documents, files them to the right client and requests anything missing.",
    metrics: [
      { value: "62 hrs", label: "saved every week" },
      { value: "90%", label: "fewer filing errors" },
    ],
  },
  {
    industry: "E-commerce",
    client: "An online outdoor gear retailer",
    challenge: "The owner spent every Monday combining store, ad and inventory data into one spreadsheet.",
    solution: "Automated reporting with a live dashboard and a plain-language summary e-mailed each morning.",
    metrics: [
      { value: "3.4x", label: "ROI in 5 months" },
      { value: "1 day", label: "back every week" },
    ],
  },
];
