import { useState } from "react";
import { Link, useNavigate } from "react-router";
import { ArrowLeft, Lock, Pin } from "lucide-react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField } from "~/components/ui/form-field";
import { Textarea } from "~/components/ui/input";
import { LoadError } from "~/components/ui/load-error";
import { RowsSkeleton } from "~/components/ui/skeleton";
import { useAuth } from "~/features/auth/auth-provider";
import { ApiError, errorMessage } from "~/lib/api";
import { ForumBodyMax, ForumEditMinutes, type ForumPost, type ForumThread } from "~/lib/api-types.gen";
import { paths } from "~/lib/paths";
import { isStaff } from "~/lib/roles";
import { useApiForm } from "~/lib/use-api-form";
import { useDeletePost, useDeleteTopic, useEditPost, useModerateTopic, useReply, useThread } from "../api";
import { activityTime, canEdit, categoryLabel } from "../forum";
import { FORMATTING_HINT, PostBody } from "./post-body";

const backLinkClasses =
  "inline-flex items-center gap-1 rounded text-sm font-medium text-blue-800 hover:underline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700";

function EditForm({ post, onDone }: { post: ForumPost; onDone: () => void }) {
  const [body, setBody] = useState(post.body);
  const form = useApiForm(useEditPost(), { idPrefix: `edit-${post.id}`, fallbackMessage: "The post could not be saved." });
  return (
    <form
      noValidate
      className="space-y-3"
      onSubmit={form.onSubmit(
        () => ({ postId: post.id, body }),
        (v): Record<string, string> => (v.body.trim() ? {} : { body: "Please write a message." }),
        { onSuccess: onDone },
      )}
    >
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <FormField label="Edit your post" hint={FORMATTING_HINT} {...form.field("body")}>
        {(control) => <Textarea {...control} rows={5} value={body} maxLength={ForumBodyMax} onChange={(e) => setBody(e.target.value)} />}
      </FormField>
      <div className="flex gap-2">
        <Button type="submit" size="sm" loading={form.submitting}>
          Save
        </Button>
        <Button variant="secondary" size="sm" onClick={onDone} disabled={form.submitting}>
          Cancel
        </Button>
      </div>
    </form>
  );
}

function PostItem({ post, opening, thread, staff }: { post: ForumPost; opening: boolean; thread: ForumThread; staff: boolean }) {
  const [editing, setEditing] = useState(false);
  const [confirming, setConfirming] = useState(false);
  const remove = useDeletePost();
  const editable = !thread.locked && canEdit(post);
  return (
    <li>
      <article aria-label={`${opening ? "Post" : "Reply"} by ${post.author.full_name || "a former member"}`} className="rounded-2xl bg-white p-6 ring-1 ring-slate-200">
        <header className="flex flex-wrap items-center gap-x-3 gap-y-1 text-sm">
          <span className="font-semibold text-slate-900">{post.author.full_name || "A former member"}</span>
          {post.author.staff && <Badge tone="info">Staff</Badge>}
          <time dateTime={post.created_at} className="text-slate-600">
            {activityTime(post.created_at)}
          </time>
          {post.edited_at && <span className="text-slate-600">(edited)</span>}
        </header>
        <div className="mt-3">{editing ? <EditForm post={post} onDone={() => setEditing(false)} /> : <PostBody body={post.body} />}</div>
        {!editing && (editable || (staff && !opening)) && (
          <div className="mt-4 flex flex-wrap gap-2">
            {editable && (
              <Button variant="secondary" size="sm" onClick={() => setEditing(true)} title={`You can edit a post for ${ForumEditMinutes} minutes after posting.`}>
                Edit
              </Button>
            )}
            {staff && !opening && (
              <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
                Delete Reply
              </Button>
            )}
          </div>
        )}
        {remove.isError && (
          <Alert tone="error" className="mt-3">
            {errorMessage(remove.error, "The reply could not be deleted.")}
          </Alert>
        )}
      </article>
      <ConfirmDialog
        open={confirming}
        title="Delete this reply?"
        confirmLabel="Delete Reply"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() => remove.mutate(post.id, { onSettled: () => setConfirming(false) })}
      >
        The reply disappears for everyone. This is recorded in the audit log.
      </ConfirmDialog>
    </li>
  );
}

function ReplyForm({ topicId }: { topicId: string }) {
  const [body, setBody] = useState("");
  const form = useApiForm(useReply(), { idPrefix: "reply", fallbackMessage: "The reply could not be posted." });
  return (
    <form
      noValidate
      className="space-y-3 rounded-2xl bg-white p-6 ring-1 ring-slate-200"
      onSubmit={form.onSubmit(
        () => ({ topicId, body }),
        (v): Record<string, string> => (v.body.trim() ? {} : { body: "Please write a message." }),
        { onSuccess: () => setBody("") },
      )}
    >
      {form.formError && <Alert tone="error">{form.formError}</Alert>}
      <FormField label="Your reply" hint={FORMATTING_HINT} {...form.field("body")}>
        {(control) => <Textarea {...control} rows={5} value={body} maxLength={ForumBodyMax} onChange={(e) => setBody(e.target.value)} />}
      </FormField>
      <Button type="submit" loading={form.submitting}>
        Post Reply
      </Button>
    </form>
  );
}

function Moderation({ thread }: { thread: ForumThread }) {
  const navigate = useNavigate();
  const moderate = useModerateTopic();
  const remove = useDeleteTopic();
  const [confirming, setConfirming] = useState(false);
  const error = moderate.error ?? remove.error;
  return (
    <div className="space-y-2">
      <div className="flex flex-wrap gap-2" role="group" aria-label="Moderation">
        <Button variant="secondary" size="sm" loading={moderate.isPending && moderate.variables?.pinned !== undefined} onClick={() => moderate.mutate({ topicId: thread.id, pinned: !thread.pinned })}>
          {thread.pinned ? "Unpin" : "Pin"}
        </Button>
        <Button variant="secondary" size="sm" loading={moderate.isPending && moderate.variables?.locked !== undefined} onClick={() => moderate.mutate({ topicId: thread.id, locked: !thread.locked })}>
          {thread.locked ? "Unlock" : "Lock"}
        </Button>
        <Button variant="danger" size="sm" onClick={() => setConfirming(true)}>
          Delete Topic
        </Button>
      </div>
      {error && <Alert tone="error">{errorMessage(error, "The change could not be saved.")}</Alert>}
      <ConfirmDialog
        open={confirming}
        title="Delete this topic?"
        confirmLabel="Delete Topic"
        busy={remove.isPending}
        onCancel={() => setConfirming(false)}
        onConfirm={() =>
          remove.mutate(thread.id, {
            onSuccess: () => navigate(paths.portal.community(), { replace: true }),
            onSettled: () => setConfirming(false),
          })
        }
      >
        The topic and all its replies disappear for everyone. This is recorded in the audit log.
      </ConfirmDialog>
    </div>
  );
}

export function TopicPage({ topicId }: { topicId: string }) {
  const { profile } = useAuth();
  const thread = useThread(topicId);
  const staff = isStaff(profile?.role);
  const back = (
    <Link to={paths.portal.community()} className={backLinkClasses}>
      <ArrowLeft className="h-4 w-4" aria-hidden="true" />
      Community Forum
    </Link>
  );

  if (thread.isError) {
    const missing = thread.error instanceof ApiError && thread.error.status === 404;
    return (
      <div className="space-y-4">
        {back}
        {missing ? (
          <>
            <h1 className="text-2xl font-bold text-slate-900">Topic not found</h1>
            <p className="text-slate-600">It may have been deleted by a moderator.</p>
          </>
        ) : (
          <>
            <h1 className="text-2xl font-bold text-slate-900">The topic could not be loaded</h1>
            <LoadError
              title="The topic could not be loaded."
              message={errorMessage(thread.error, "")}
              onRetry={() => thread.refetch()}
              retrying={thread.isFetching}
            />
          </>
        )}
      </div>
    );
  }
  if (!thread.data) {
    return (
      <div className="space-y-4">
        {back}
        <RowsSkeleton label="Loading the topic…" rows={3} />
      </div>
    );
  }
  const t = thread.data;
  return (
    <div className="space-y-6">
      {back}
      <div className="space-y-3">
        <div className="flex flex-wrap items-center gap-2">
          {t.pinned && (
            <Badge tone="info">
              <Pin className="mr-1 h-3 w-3" aria-hidden="true" />
              Pinned
            </Badge>
          )}
          {t.locked && (
            <Badge tone="warning">
              <Lock className="mr-1 h-3 w-3" aria-hidden="true" />
              Locked
            </Badge>
          )}
          <Badge>{categoryLabel(t.category)}</Badge>
        </div>
        <h1 className="text-2xl font-bold tracking-tight break-words text-slate-900 [overflow-wrap:anywhere] sm:text-3xl">{t.title}</h1>
        {staff && <Moderation thread={t} />}
      </div>
      <ol className="space-y-4" aria-label="Posts">
        {t.posts.map((post, i) => (
          <PostItem key={post.id} post={post} opening={i === 0} thread={t} staff={staff} />
        ))}
      </ol>
      <section aria-labelledby="reply-heading" className="space-y-3">
        <h2 id="reply-heading" className="text-lg font-semibold text-slate-900">
          Reply
        </h2>
        {t.locked ? <Alert tone="info">This topic is locked: it takes no new replies.</Alert> : <ReplyForm topicId={t.id} />}
      </section>
    </div>
  );
}
