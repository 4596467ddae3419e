import { ForumPage } from "~/features/forum/components/forum-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Community Forum");

export default function CommunityRoute() {
  return <ForumPage />;
}
