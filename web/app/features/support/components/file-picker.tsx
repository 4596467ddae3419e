import { AttachmentMaxBytes, AttachmentsPerMessage } from "~/lib/api-types.gen";
import { ACCEPTED_FILES, formatSize } from "../filters";
import { FileInput } from "~/components/ui/input";

/** A reason the files cannot be sent, or null. */
export function checkFiles(files: File[]): string | null {
  if (files.length > AttachmentsPerMessage) return `Attach at most ${AttachmentsPerMessage} files.`;
  const allowed = ACCEPTED_FILES.split(",");
  const wrong = files.find((f) => !allowed.some((ext) => f.name.toLowerCase().endsWith(ext)));
  if (wrong) return `${wrong.name}: this type of file is not accepted. Send images, PDF, text, CSV or office documents.`;
  const big = files.find((f) => f.size > AttachmentMaxBytes);
  return big ? `${big.name} is larger than 10 MB.` : null;
}

export function FilePicker({
  id,
  files,
  onChange,
  error,
  accept,
}: {
  id: string;
  files: File[];
  onChange: (files: File[]) => void;
  error?: string;
  accept: string;
}) {
  const hintId = `${id}-hint`;
  const errorId = `${id}-error`;
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        Attachments
      </label>
      <FileInput
        id={id}
        multiple
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : "", hintId].filter(Boolean).join(" ")}
        onChange={(e) => onChange(Array.from(e.target.files ?? []))}
        className="mt-1.5"
      />
      {files.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-slate-700">
          {files.map((f) => (
            <li key={`${f.name}-${f.size}`}>
              {f.name} ({formatSize(f.size)})
            </li>
          ))}
        </ul>
      )}
      {error && (
        <p id={errorId} className="mt-1.5 text-sm font-medium text-red-700">
          {error}
        </p>
      )}
      <p id={hintId} className="mt-1.5 text-sm text-slate-600">
        Up to {AttachmentsPerMessage} files of 10 MB: images, PDF, text, CSV or office documents.
      </p>
    </div>
  );
}
