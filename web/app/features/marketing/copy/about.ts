import { Handshake, Lightbulb, ShieldCheck, Target, type LucideIcon } from "lucide-react";
import { siteConfig } from "../../../lib/site";

export const mission = {
  title: "Our Mission",
  paragraphs: [
    `Large companies have teams of engineers to put AI to work. Small and mid-size businesses usually don't, and that gap keeps growing. We started ${siteConfig.name} to close it.`,
    "We make practical AI available to every growing business: automation that saves real hours, pays for itself quickly and is explained in plain language. We measure our work by one thing, the results our clients see.",
  ],
};

export type CoreValue = { icon: LucideIcon; title: string; description: string };

export const coreValues: CoreValue[] = [
  {
    icon: Target,
    title: "Results First",
    description: "Every project starts with a measurable goal, and we report against it. If it doesn't move the numbers, we don't build it.",
  },
  {
    icon: Lightbulb,
    title: "Plain Language",
    description: "No jargon and no black boxes. You always know what we are building, why, and what it costs.",
  },
  {
    icon: ShieldCheck,
    title: "Trust and Security",
    description: "Your data stays yours. We use least-privilege access, encryption and careful vendor choices on every project.",
  },
  {
    icon: Handshake,
    title: "Long-term Partnership",
    description: "We stay after launch to monitor, support and improve, because automation should keep getting better over time.",
  },
];

export type TeamMember = { name: string; role: string; bio: string; image: string };

export const leadership: TeamMember[] = [
  {
    name: "Marcus Bennett",
    role: "Founder & CEO",
    bio: `Marcus spent twelve years running operations for regional service companies before founding ${siteConfig.name}. He leads client strategy and makes sure every engagement is tied to a business result.`,
    image: "/images/team/marcus-bennett.svg",
  },
  {
    name: "Elena Vasquez",
    role: "Chief Technology Officer",
    bio: "Elena has built data platforms and machine-learning systems for more than a decade. She leads our engineering team and sets the standards for reliability and security in everything we ship.",
    image: "/images/team/elena-vasquez.svg",
  },
  {
    name: "Jordan Price",
    role: "Director of Internal Operations",
    bio: "Jordan keeps projects on schedule and clients informed. With a background in project management and customer success, he runs the processes behind every launch.",
    image: "/images/team/jordan-price.svg",
  },
];

export type Milestone = { year: string; title: string; description: string };

export const timeline: Milestone[] = [
  {
    year: "2023",
    title: `Founded in ${siteConfig.location}`,
    description:
      `${siteConfig.name} began with a simple idea: give small and mid-size businesses the same automation advantage as large enterprises. Our first clients were local service companies.`,
  },
  {
    year: "2025",
    title: "Hundreds of clients served",
    description:
      "Our client automations now save more than 500 hours every week. We launched the client portal so every customer can follow projects, automations and reports in one place.",
  },
];
