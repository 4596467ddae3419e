import { FolderKanban } from "lucide-react";
import { ComingSoonPage } from "~/features/portal/components/coming-soon";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("AI Projects");

export default function ProjectsPage() {
  return (
    <ComingSoonPage
      title="AI Projects"
      section="Project tracking"
      icon={FolderKanban}
      description="Soon you will follow every AI project here: status, priority, progress and dates, with search and filters."
    />
  );
}
