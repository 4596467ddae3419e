import type { Stat } from "./types";

export const claims = {
  clients: { value: "Hundreds", label: "of businesses served" },
  hoursSaved: { value: "500+", label: "hours saved for clients every week" },
  satisfaction: { value: "98%", label: "client satisfaction" },
  roi: { value: "3x", label: "average ROI within 6 months" },
} satisfies Record<string, Stat>;

export const headlineStats: Stat[] = [claims.clients, claims.hoursSaved, claims.satisfaction, claims.roi];
