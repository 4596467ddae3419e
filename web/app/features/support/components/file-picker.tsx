import { AttachmentMaxBytes, AttachmentsPerMessage } from "~/lib/api-types.gen";
import { ACCEPTED_FILES, formatSize } from "../filters";
import { X } from "lucide-react";
import { useRef } from "react";
import { Button } from "~/components/ui/button";
import { FileInput } from "~/components/ui/input";

/** The chosen files without the one at index. */
export function withoutFile(files: readonly File[], index: number): File[] {
  return files.filter((_, i) => i !== index);
}

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
  const input = useRef<HTMLInputElement>(null);

  // The input's own list follows the chosen files, so that it never names a removed one.
  function remove(index: number) {
    const rest = withoutFile(files, index);
    const el = input.current;
    if (el) {
      try {
        const transfer = new DataTransfer();
        for (const f of rest) transfer.items.add(f);
        el.files = transfer.files;
      } catch {
        if (rest.length === 0) el.value = "";
      }
    }
    onChange(rest);
  }
  return (
    <div>
      <label htmlFor={id} className="block text-sm font-semibold text-slate-900">
        Attachments
      </label>
      <FileInput
        ref={input}
        id={id}
        multiple
        accept={accept}
        aria-invalid={error ? true : undefined}
        aria-describedby={[error ? errorId : "", hintId].filter(Boolean).join(" ")}
        onChange={(e) => onChange(Array.from(e.target.files ?? []))}
        className="mt-1.5"
      />
      {files.length > 0 && (
        <ul className="mt-2 space-y-1 text-sm text-slate-700" aria-label="Chosen files">
          {files.map((f, i) => (
            <li key={`${i}-${f.name}-${f.size}`} className="flex items-center justify-between gap-2">
              <span className="min-w-0 break-all">
                {f.name} ({formatSize(f.size)})
              </span>
              <Button variant="ghost" size="sm" aria-label={`Remove ${f.name}`} onClick={() => remove(i)}>
                <X aria-hidden="true" className="size-4" />
                Remove
              </Button>
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
