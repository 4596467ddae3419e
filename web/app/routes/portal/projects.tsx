import { portalMeta } from "~/features/portal/portal-meta";
import { ProjectsPage } from "~/features/workspace/components/projects-page";

export const meta = () => portalMeta("AI Projects");

export default function ProjectsRoute() {
  return <ProjectsPage />;
}
