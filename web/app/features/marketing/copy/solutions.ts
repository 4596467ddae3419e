import { Bot, FileText, Workflow } from "lucide-react";
import type { Offering } from "./types";

export type Solution = Offering & { badge?: string; cta: string };

export const solutions: Solution[] = [
  {
    id: "ai-chatbots",
    icon: Bot,
    title: "AI Chatbots",
    tagline: "Customer conversations that never wait",
    description:
      "A custom assistant that knows your business inside out. It answers questions, qualifies leads, books appointments and passes tricky conversations to your team with all the context attached.",
    features: [
      "Trained on your website, documents and policies",
      "Website chat, SMS, e-mail and social messaging",
      "Lead qualification and calendar booking",
      "Smooth hand-off to a person when it matters",
      "Conversation history and insights in one place",
    ],
    results: [
      "Instant answers around the clock",
      "More leads captured outside office hours",
      "Less time spent on repetitive questions",
    ],
    cta: "Discuss a Chatbot",
  },
  {
    id: "workflow-automation",
    icon: Workflow,
    title: "Workflow Automation",
    tagline: "Remove the busywork between your tools",
    description:
      "We connect your CRM, accounting, e-mail, forms and spreadsheets, then let AI handle the data entry, follow-ups and hand-offs that slow your team down.",
    features: [
      "Integrations with the software you already use",
      "AI that reads, sorts and extracts data from documents",
      "Automatic follow-ups, reminders and approvals",
      "Error alerts and a clear log of every run",
      "Documentation and training for your team",
    ],
    results: [
      "Hours of manual work returned every week",
      "Consistent processes with fewer mistakes",
      "Room to grow without adding headcount",
    ],
    cta: "Automate a Workflow",
  },
  {
    id: "growth-blueprint",
    icon: FileText,
    title: "Growth Blueprint",
    badge: "Free",
    tagline: "Your free AI Growth Blueprint report",
    description:
      "Not sure where to start? We review how your business runs today and deliver a written AI Growth Blueprint: the automations worth doing, in order, with the effort and return of each.",
    features: [
      "Review of your current tools and processes",
      "Prioritized list of automation opportunities",
      "Estimated time savings and return for each one",
      "A practical 90-day roadmap",
      "Walk-through of the report with our team",
    ],
    results: [
      "A clear plan instead of guesswork",
      "Quick wins you can start on right away",
      "Confidence about where AI pays off for you",
    ],
    cta: "Get My Free Blueprint",
  },
];
