import type { BadgeTone } from "~/components/ui/badge";
import { PREFERRED_TIMES } from "~/lib/preferred-times";
import type { Lead } from "./api";

/** A lead's state in words and colour: open until staff mark it handled. */
export function leadState(lead: Lead): { label: string; tone: BadgeTone } {
  return lead.handled_at ? { label: "Handled", tone: "success" } : { label: "Open", tone: "warning" };
}

/** The call window the visitor chose, as the contact form offered it. */
export function preferredTimeLabel(value: string): string {
  return PREFERRED_TIMES.find((t) => t.value === value)?.label ?? value;
}
