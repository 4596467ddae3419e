import { useState } from "react";
import { Alert } from "~/components/ui/alert";
import { Badge } from "~/components/ui/badge";
import { Button } from "~/components/ui/button";
import { ConfirmDialog } from "~/components/ui/confirm-dialog";
import { FormField, type FieldControlProps } from "~/components/ui/form-field";
import { Checkbox, Input, Select, Textarea } from "~/components/ui/input";
import { LoadingRow, SettingsCard } from "~/components/ui/settings-card";
import { errorMessage } from "~/lib/api";
import { AnnouncementContentMax, AnnouncementTitleMax, type AnnouncementType } from "~/lib/api-types.gen";
import { useApiForm, type FieldErrors } from "~/lib/use-api-form";
import {
  useAnnouncements,
  useCreateAnnouncement,
  useDeleteAnnouncement,
  useSetAnnouncementActive,
  type Announcement,
  type AnnouncementInput,
} from "../api";
import { formatDateTime } from "~/lib/format";
import { ANNOUNCEMENT_TYPES, hasEnded, showUntilToISO, typeLabel } from "../announcement-style";
import { AnnouncementBanner } from "./announcement-banner";

const REQUIRED = "Please fill in all required fields";
const REQUIRED_ID = "announcement-required";
const TYPE_TONES = {
  info: "info",
  success: "success",
  warning: "warning",
  error: "danger",
} as const;

function CreateAnnouncement() {
  const [title, setTitle] = useState("");
  const [content, setContent] = useState("");
  const [type, setType] = useState<AnnouncementType>("info");
  const [showUntil, setShowUntil] = useState("");
  const [activate, setActivate] = useState(true);
  const [created, setCreated] = useState(false);
  // After a submit with a required field empty, one message says so above the form and the
  // empty fields are marked (not three copies of it); each mark goes as its field is filled.
  const [requiredChecked, setRequiredChecked] = useState(false);
  const titleMissing = requiredChecked && !title.trim();
  const contentMissing = requiredChecked && !content.trim();
  const form = useApiForm(useCreateAnnouncement(), {
    idPrefix: "announcement",
    fallbackMessage: "Failed to create announcement",
  });

  const onSubmit = form.onSubmit(
    (): AnnouncementInput => ({
      title: title.trim(),
      content: content.trim(),
      type,
      show_until: showUntilToISO(showUntil),
      is_active: activate,
    }),
    (v): FieldErrors => {
      const errors: FieldErrors = {};
      if (showUntil.trim() && !v.show_until) errors.show_until = "Enter a valid date and time.";
      return errors;
    },
    {
      onSuccess: () => {
        setRequiredChecked(false);
        setTitle("");
        setContent("");
        setType("info");
        setShowUntil("");
        setActivate(true);
        setCreated(true);
      },
    },
  );
  const missing = titleMissing || contentMissing;
  /** The marks of a required control: invalid while empty after a submit, described by the one message. */
  const required = (control: FieldControlProps, empty: boolean): FieldControlProps =>
    empty ? { ...control, "aria-invalid": true, "aria-describedby": [REQUIRED_ID, control["aria-describedby"]].filter(Boolean).join(" ") } : control;
  const serverDetail = form.formError && form.formError !== "Failed to create announcement" ? form.formError : null;

  return (
    <SettingsCard
      title="Create announcement"
      description="Announcements appear as a banner at the top of every portal page until each user dismisses them."
    >
      <form
        noValidate
        onSubmit={(event) => {
          setCreated(false);
          if (!title.trim() || !content.trim()) {
            event.preventDefault();
            setRequiredChecked(true);
            form.clearErrors();
            document.getElementById(!title.trim() ? "announcement-title" : "announcement-content")?.focus();
            return;
          }
          onSubmit(event);
        }}
        className="space-y-4"
      >
        {created && <Alert tone="success">Announcement created successfully!</Alert>}
        {missing ? (
          <Alert tone="error" id={REQUIRED_ID}>
            {REQUIRED}
          </Alert>
        ) : (
          form.formError && (
            <Alert tone="error" title="Failed to create announcement">
              {serverDetail}
            </Alert>
          )
        )}
        <FormField label="Title" {...form.field("title")}>
          {(control) => (
            <Input
              {...required(control, titleMissing)}
              value={title}
              maxLength={AnnouncementTitleMax}
              onChange={(e) => setTitle(e.target.value)}
            />
          )}
        </FormField>
        <FormField label="Content" {...form.field("content")}>
          {(control) => (
            <Textarea
              {...required(control, contentMissing)}
              rows={3}
              value={content}
              maxLength={AnnouncementContentMax}
              onChange={(e) => setContent(e.target.value)}
            />
          )}
        </FormField>
        <div className="grid gap-4 sm:grid-cols-2">
          <FormField label="Type" {...form.field("type")}>
            {(control) => (
              <Select {...control} value={type} onChange={(e) => setType(e.target.value as AnnouncementType)}>
                {ANNOUNCEMENT_TYPES.map((t) => (
                  <option key={t.value} value={t.value}>
                    {t.label}
                  </option>
                ))}
              </Select>
            )}
          </FormField>
          <FormField label="Show until (optional)" {...form.field("show_until")}>
            {(control) => (
              <Input
                {...control}
                type="datetime-local"
                value={showUntil}
                onChange={(e) => setShowUntil(e.target.value)}
              />
            )}
          </FormField>
        </div>
        <label className="flex items-center gap-2 text-sm text-slate-800">
          <Checkbox
            checked={activate}
            onChange={(e) => setActivate(e.target.checked)}
          />
          Show it now (uncheck to save a draft and activate it later)
        </label>
        {(title.trim() || content.trim()) && (
          <div className="space-y-2">
            <p className="text-sm font-semibold text-slate-700">Preview</p>
            <AnnouncementBanner
              announcement={{
                title: title.trim(),
                content: content.trim(),
                type,
              }}
            />
          </div>
        )}
        <Button type="submit" loading={form.submitting}>
          Create announcement
        </Button>
      </form>
    </SettingsCard>
  );
}

function AnnouncementItem({ announcement: a, onDelete }: { announcement: Announcement; onDelete: () => void }) {
  const [preview, setPreview] = useState(false);
  const toggle = useSetAnnouncementActive();
  const expired = hasEnded(a.show_until);
  return (
    <li className="space-y-3 py-4">
      <div className="flex flex-col gap-3 sm:flex-row sm:items-start sm:justify-between">
        <div className="min-w-0">
          <div className="flex flex-wrap items-center gap-2">
            <p className="font-semibold break-words text-slate-900">{a.title}</p>
            <Badge tone={TYPE_TONES[a.type]}>{typeLabel(a.type)}</Badge>
            <Badge tone={a.is_active && !expired ? "success" : "neutral"}>
              {a.is_active ? (expired ? "Ended" : "Active") : "Inactive"}
            </Badge>
          </div>
          <p className="mt-1 text-sm break-words whitespace-pre-line text-slate-700">{a.content}</p>
          <p className="mt-1 text-xs text-slate-600">
            {formatDateTime(a.created_at, { invalid: "" })}
            {a.created_by_name && ` · ${a.created_by_name}`}
            {a.show_until && ` · shown until ${formatDateTime(a.show_until, { invalid: "" })}`}
          </p>
        </div>
        <div className="flex shrink-0 flex-wrap gap-2">
          <Button size="sm" variant="ghost" aria-expanded={preview} onClick={() => setPreview(!preview)}>
            {preview ? "Hide preview" : "Preview"}
          </Button>
          <Button
            size="sm"
            variant="secondary"
            loading={toggle.isPending}
            onClick={() =>
              toggle.mutate(
                { id: a.id, isActive: !a.is_active },
                {
                  onError: (err) => console.error("announcement toggle failed", err),
                },
              )
            }
          >
            {a.is_active ? "Deactivate" : "Activate"}
          </Button>
          <Button size="sm" variant="danger" onClick={onDelete}>
            Delete
          </Button>
        </div>
      </div>
      {preview && <AnnouncementBanner announcement={a} />}
    </li>
  );
}

function AnnouncementList() {
  const list = useAnnouncements();
  const remove = useDeleteAnnouncement();
  const [confirm, setConfirm] = useState<Announcement | null>(null);
  const [error, setError] = useState<string | null>(null);
  return (
    <SettingsCard
      title="Announcements"
      description="Newest first. Only active announcements whose end date has not passed are shown."
    >
      {error && (
        <Alert tone="error" className="mb-4">
          {error}
        </Alert>
      )}
      {list.isPending ? (
        <LoadingRow label="Loading announcements…" />
      ) : list.isError ? (
        <Alert tone="error">{errorMessage(list.error, "The announcements could not be loaded.")}</Alert>
      ) : list.data.length === 0 ? (
        <p className="text-sm text-slate-600">No announcements yet.</p>
      ) : (
        <ul className="divide-y divide-slate-200">
          {list.data.map((a) => (
            <AnnouncementItem key={a.id} announcement={a} onDelete={() => setConfirm(a)} />
          ))}
        </ul>
      )}
      <ConfirmDialog
        open={confirm !== null}
        title="Delete announcement"
        confirmLabel="Delete"
        busy={remove.isPending}
        onCancel={() => setConfirm(null)}
        onConfirm={() => {
          if (!confirm) return;
          setError(null);
          remove.mutate(confirm.id, {
            onSettled: () => setConfirm(null),
            onError: (err) => setError(errorMessage(err, "The announcement could not be deleted.")),
          });
        }}
      >
        Are you sure you want to delete this announcement?
      </ConfirmDialog>
    </SettingsCard>
  );
}

/** Settings → Announcements: staff create, preview, activate, deactivate and delete announcements. */
export function AnnouncementsPanel() {
  return (
    <div className="space-y-8">
      <CreateAnnouncement />
      <AnnouncementList />
    </div>
  );
}
