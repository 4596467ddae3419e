import { postJSON } from "~/lib/api";
import type { LeadCreated } from "~/lib/api-types.gen";
import type { LeadPayload } from "./lead";

export type { LeadCreated };

// POST /api/v1/leads
export function submitLead(payload: LeadPayload): Promise<LeadCreated> {
  return postJSON<LeadCreated>("/api/v1/leads", payload);
}
