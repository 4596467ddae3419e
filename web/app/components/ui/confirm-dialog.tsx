import { useEffect, useId, useRef, type ReactNode } from "react";
import { buttonClasses } from "./button-link";
import { Spinner } from "./spinner";

/**
 * A modal confirmation built on <dialog>: focus stays inside, Escape cancels, and focus returns to
 * the control that opened it. Cancel has the initial focus so Enter never confirms by accident.
 */
export function ConfirmDialog({
  open,
  title,
  children,
  confirmLabel,
  cancelLabel = "Cancel",
  tone = "danger",
  busy = false,
  onConfirm,
  onCancel,
}: {
  open: boolean;
  title: string;
  children?: ReactNode;
  confirmLabel: string;
  cancelLabel?: string;
  tone?: "danger" | "primary";
  busy?: boolean;
  onConfirm: () => void;
  onCancel: () => void;
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const bodyId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el) return;
    if (open && !el.open) {
      const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
      el.showModal();
      return () => {
        if (el.open) el.close();
        opener?.focus();
      };
    }
  }, [open]);

  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={children ? bodyId : undefined}
      onCancel={(event) => {
        event.preventDefault();
        if (!busy) onCancel();
      }}
      className="m-auto w-[calc(100%-2rem)] max-w-md rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60"
    >
      {open && (
        <div className="p-6">
          <h2 id={titleId} className="text-lg font-semibold">
            {title}
          </h2>
          {children && (
            <div id={bodyId} className="mt-2 text-sm text-slate-700">
              {children}
            </div>
          )}
          <div className="mt-6 flex flex-col-reverse gap-3 sm:flex-row sm:justify-end">
            <button type="button" autoFocus onClick={onCancel} disabled={busy} className={buttonClasses("secondary")}>
              {cancelLabel}
            </button>
            <button type="button" onClick={onConfirm} disabled={busy} className={buttonClasses(tone)}>
              {busy && <Spinner className="h-4 w-4 border-2" />}
              {confirmLabel}
            </button>
          </div>
        </div>
      )}
    </dialog>
  );
}
