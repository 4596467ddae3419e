import type { LucideIcon } from "lucide-react";

export type Stat = { value: string; label: string };

export type Offering = {
  id: string;
  icon: LucideIcon;
  title: string;
  tagline: string;
  description: string;
  features: string[];
  results: string[];
};
