import { postJSON } from "~/lib/api";
import type { LeadPayload } from "./lead";

export type LeadCreated = { id: string };

export function submitLead(payload: LeadPayload): Promise<LeadCreated> {
  return postJSON<LeadCreated>("/api/v1/leads", payload);
}
