import { CalendarCheck, FileText, Rocket, Users } from "lucide-react";
import type { LucideIcon } from "lucide-react";

export const RESPONSE_TIME = "Under 2 hours";

export type Benefit = { icon: LucideIcon; title: string; description: string };

export const contactBenefits: Benefit[] = [
  {
    icon: CalendarCheck,
    title: "Free 30-minute strategy session",
    description: "A focused call about your goals and where automation can help most. No cost and no obligation.",
  },
  {
    icon: FileText,
    title: "Custom proposal",
    description: "A written plan with scope, timeline, pricing and the return you can expect.",
  },
  {
    icon: Users,
    title: "Expert team",
    description: "Work directly with the strategists and engineers who will build your solution.",
  },
  {
    icon: Rocket,
    title: "Results in 2-4 weeks",
    description: "Most first automations go live and start saving time within two to four weeks.",
  },
];

export type FaqEntry = { question: string; answer: string };

export const contactFaq: FaqEntry[] = [
  {
    question: "How quickly will I see results?",
    answer:
      "Most clients see their first automation live and saving time within 2-4 weeks. Projects that need complex or custom AI models usually take 4-8 weeks. We agree on milestones up front, so you always know what comes next.",
  },
  {
    question: "Do you work with small businesses?",
    answer:
      "Yes. Most of our clients are small and mid-size businesses, from five-person teams to companies with a few hundred employees. We start with the changes that pay off fastest and scale up as you grow.",
  },
  {
    question: "What does the free consultation include?",
    answer:
      "A 30-minute strategy session with our team. We learn how your business runs, point out the best opportunities for automation, give you a rough estimate of time and cost savings, and follow up with a custom proposal. There is no obligation to continue.",
  },
  {
    question: "How do you keep our data secure?",
    answer:
      "We only access the systems a project needs, encrypt data in transit and at rest, and sign a confidentiality agreement on request. We choose AI providers that do not train their models on your data, and you keep full ownership of your information.",
  },
];
