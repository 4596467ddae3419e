import { CalendarDays } from "lucide-react";
import { ComingSoonPage } from "~/features/portal/components/coming-soon";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Meetings & Consultations");

export default function MeetingsPage() {
  return (
    <ComingSoonPage
      title="Meetings & Consultations"
      section="Meeting scheduling"
      icon={CalendarDays}
      description="Soon you will see your upcoming and past meetings here and be able to schedule a new one."
    />
  );
}
