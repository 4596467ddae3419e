import { useSearchParams } from "react-router";
import { useAuth } from "~/features/auth/auth-provider";
import { MeetingsPage } from "~/features/meetings/components/meetings-page";
import { portalMeta } from "~/features/portal/portal-meta";
import { isStaff } from "~/lib/roles";

export const meta = () => portalMeta("Meetings & Consultations");

export default function MeetingsRoute() {
  const { profile } = useAuth();
  const [params, setParams] = useSearchParams();
  return (
    <MeetingsPage
      staff={isStaff(profile?.role)}
      scheduleOpen={params.get("schedule") === "1"}
      onScheduleOpenChange={(open) => setParams(open ? { schedule: "1" } : {}, { replace: true })}
    />
  );
}
