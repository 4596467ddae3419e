import { useEffect, useState, type FormEvent } from "react";
import { Link, useNavigate, useSearchParams } from "react-router";
import { Lock, MessageSquarePlus, Pin } from "lucide-react";
import { PageHeader } from "~/components/layout/page-header";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { Dialog } from "~/components/ui/dialog";
import { FormField } from "~/components/ui/form-field";
import { Input, Select, Textarea } from "~/components/ui/input";
import { SearchField } from "~/components/ui/search-field";
import { QueryState } from "~/components/ui/query-state";
import { RowsSkeleton } from "~/components/ui/skeleton";
import { ForumBodyMax, ForumSearchMax, ForumTitleMax, type ForumCategory, type ForumTopic } from "~/lib/api-types.gen";
import { paths } from "~/lib/paths";
import { useApiForm } from "~/lib/use-api-form";
import { useStartTopic, useTopics, type TopicFilter } from "../api";
import { FORUM_CATEGORIES, activityTime, categoryLabel, isForumCategory } from "../forum";
import { FORMATTING_HINT } from "./post-body";

const SEARCH_DELAY_MS = 300;

function NewTopicDialog({ open, onClose, initialCategory }: { open: boolean; onClose: () => void; initialCategory: ForumCategory }) {
  const navigate = useNavigate();
  const [category, setCategory] = useState<ForumCategory>(initialCategory);
  const [title, setTitle] = useState("");
  const [body, setBody] = useState("");
  const mutation = useStartTopic();
  const form = useApiForm(mutation, { idPrefix: "new-topic", fallbackMessage: "The topic could not be posted." });

  function close() {
    form.clearErrors();
    onClose();
  }

  const submit = form.onSubmit(
    () => ({ category, title, body }),
    (v) => ({
      ...(v.title.trim() ? {} : { title: "Please enter a title." }),
      ...(v.body.trim() ? {} : { body: "Please write a message." }),
    }),
    { onSuccess: (thread) => navigate(paths.portal.communityTopic(thread.id)) },
  );

  return (
    <Dialog open={open} onClose={close} title="New Topic" description="Everyone in the community sees your name with it." size="lg">
      <form noValidate onSubmit={(e: FormEvent<HTMLFormElement>) => submit(e)} className="space-y-4">
        {form.formError && <Alert tone="error">{form.formError}</Alert>}
        <FormField label="Category" {...form.field("category")}>
          {(control) => (
            <Select {...control} value={category} onChange={(e) => setCategory(e.target.value as ForumCategory)}>
              {FORUM_CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </Select>
          )}
        </FormField>
        <FormField label="Title" {...form.field("title")}>
          {(control) => <Input {...control} value={title} maxLength={ForumTitleMax} onChange={(e) => setTitle(e.target.value)} />}
        </FormField>
        <FormField label="Message" hint={FORMATTING_HINT} {...form.field("body")}>
          {(control) => <Textarea {...control} rows={8} value={body} maxLength={ForumBodyMax} onChange={(e) => setBody(e.target.value)} />}
        </FormField>
        <div className="flex justify-end gap-3">
          <Button variant="secondary" onClick={close} disabled={form.submitting}>
            Cancel
          </Button>
          <Button type="submit" loading={form.submitting}>
            Post Topic
          </Button>
        </div>
      </form>
    </Dialog>
  );
}

function TopicRow({ topic }: { topic: ForumTopic }) {
  const replies = topic.reply_count === 1 ? "1 reply" : `${topic.reply_count} replies`;
  return (
    <li className="py-4">
      <div className="flex flex-wrap items-center gap-2">
        {topic.pinned && (
          <Badge tone="info">
            <Pin className="mr-1 h-3 w-3" aria-hidden="true" />
            Pinned
          </Badge>
        )}
        {topic.locked && (
          <Badge tone="warning">
            <Lock className="mr-1 h-3 w-3" aria-hidden="true" />
            Locked
          </Badge>
        )}
        <Badge>{categoryLabel(topic.category)}</Badge>
      </div>
      <Link
        to={paths.portal.communityTopic(topic.id)}
        className="mt-1 block text-lg font-semibold break-words text-blue-800 [overflow-wrap:anywhere] hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700"
      >
        {topic.title}
      </Link>
      <p className="mt-1 text-sm text-slate-600">
        Started by {topic.author.full_name || "a former member"} · {replies} · last activity{" "}
        <time dateTime={topic.last_activity_at}>{activityTime(topic.last_activity_at)}</time>
      </p>
    </li>
  );
}

export function ForumPage() {
  const [params, setParams] = useSearchParams();
  const requested = params.get("category");
  const filter: TopicFilter = { category: isForumCategory(requested) ? requested : "", search: params.get("search") ?? "" };
  const [searchText, setSearchText] = useState(filter.search);
  const [composing, setComposing] = useState(false);
  const topics = useTopics(filter);

  function apply(next: Partial<TopicFilter>) {
    const merged = { ...filter, ...next };
    const query = new URLSearchParams();
    if (merged.category) query.set("category", merged.category);
    if (merged.search.trim()) query.set("search", merged.search.trim());
    setParams(query, { replace: true });
  }

  // Like every other search of the portal: the list follows as one types, once typing pauses.
  useEffect(() => {
    if (searchText.trim() === filter.search.trim()) return;
    const timer = window.setTimeout(() => apply({ search: searchText }), SEARCH_DELAY_MS);
    return () => window.clearTimeout(timer);
  });

  return (
    <div className="space-y-6">
      <PageHeader
        title="Community Forum"
        description="Ask questions and share what works with other customers and our team. Posts show your name only, never your e-mail address or company."
        actions={
          <Button onClick={() => setComposing(true)}>
            <MessageSquarePlus className="h-4 w-4" aria-hidden="true" />
            New Topic
          </Button>
        }
      />
      {composing && <NewTopicDialog open={composing} onClose={() => setComposing(false)} initialCategory={filter.category || "general"} />}

      <section aria-label="Topics" className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <div className="flex flex-col gap-3 sm:flex-row sm:items-end">
          <div role="search" className="flex-1">
            <label htmlFor="forum-search" className="block text-sm font-semibold text-slate-900">
              Search topics
            </label>
            <SearchField
              id="forum-search"
              className="mt-1.5"
              value={searchText}
              maxLength={ForumSearchMax}
              onChange={(e) => setSearchText(e.target.value)}
            />
          </div>
          <div>
            <label htmlFor="forum-category" className="block text-sm font-semibold text-slate-900">
              Category
            </label>
            <Select id="forum-category" className="mt-1.5" value={filter.category} onChange={(e) => apply({ category: e.target.value as ForumCategory | "" })}>
              <option value="">All categories</option>
              {FORUM_CATEGORIES.map((c) => (
                <option key={c.id} value={c.id}>
                  {c.label}
                </option>
              ))}
            </Select>
          </div>
        </div>

        <div className="mt-4" aria-busy={topics.isFetching}>
          <QueryState query={topics} loading={<RowsSkeleton label="Loading topics…" rows={3} />} failed="The topics could not be loaded.">
            {(list) =>
              list.length === 0 ? (
                <p className="py-6 text-center text-slate-600">
                  {filter.search || filter.category ? "No results found" : "No topics yet. Start the first one with New Topic."}
                </p>
              ) : (
                <ul className="divide-y divide-slate-100">
                  {list.map((t) => (
                    <TopicRow key={t.id} topic={t} />
                  ))}
                </ul>
              )
            }
          </QueryState>
        </div>
      </section>
    </div>
  );
}
