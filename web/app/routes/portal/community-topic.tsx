import { useParams } from "react-router";
import { TopicPage } from "~/features/forum/components/topic-page";
import { portalMeta } from "~/features/portal/portal-meta";

export const meta = () => portalMeta("Community Forum");

export default function CommunityTopicRoute() {
  const { topicId = "" } = useParams();
  return <TopicPage key={topicId} topicId={topicId} />;
}
