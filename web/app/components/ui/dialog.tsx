import { useEffect, useId, useRef, type KeyboardEvent, type ReactNode } from "react";

const FOCUSABLE =
  'a[href], button:not([disabled]), input:not([disabled]), select:not([disabled]), textarea:not([disabled]), [tabindex]:not([tabindex="-1"])';

/** The element Tab should move to from `current` inside a dialog, wrapping at both ends; null to let the browser move. */
export function nextFocusTarget<T>(focusable: readonly T[], current: T | null, backwards: boolean): T | null {
  if (focusable.length === 0) return null;
  const first = focusable[0] as T;
  const last = focusable[focusable.length - 1] as T;
  const index = current === null ? -1 : focusable.indexOf(current);
  if (index === -1) return backwards ? last : first;
  if (backwards && index === 0) return last;
  if (!backwards && index === focusable.length - 1) return first;
  return null;
}

/**
 * A modal on the native <dialog>: the page behind is inert, Tab cycles inside, Escape calls onClose
 * (unless `dismissible` is false, e.g. while a change is being saved), the title labels it, and focus
 * returns to the control that opened it. The body scrolls when the dialog would exceed 90% of the viewport.
 */
export function Dialog({
  open,
  title,
  description,
  children,
  footer,
  onClose,
  dismissible = true,
  size = "md",
}: {
  open: boolean;
  title: string;
  description?: ReactNode;
  children?: ReactNode;
  footer?: ReactNode;
  onClose: () => void;
  dismissible?: boolean;
  size?: "sm" | "md" | "lg";
}) {
  const dialog = useRef<HTMLDialogElement>(null);
  const titleId = useId();
  const descriptionId = useId();

  useEffect(() => {
    const el = dialog.current;
    if (!el || !open || el.open) return;
    const opener = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    el.showModal();
    return () => {
      if (el.open) el.close();
      opener?.focus();
    };
  }, [open]);

  function onKeyDown(event: KeyboardEvent<HTMLDialogElement>) {
    if (event.key !== "Tab" || !dialog.current) return;
    const focusable = Array.from(dialog.current.querySelectorAll<HTMLElement>(FOCUSABLE)).filter((el) => el.offsetParent !== null);
    const active = document.activeElement instanceof HTMLElement ? document.activeElement : null;
    const target = nextFocusTarget(focusable, active, event.shiftKey);
    if (target) {
      event.preventDefault();
      target.focus();
    }
  }

  const width = { sm: "max-w-md", md: "max-w-lg", lg: "max-w-2xl" }[size];
  // Opened from a link, before its content has a control, the dialog itself holds the focus: the
  // modal box gets no ring drawn around it (outline-none); its controls keep theirs.
  return (
    <dialog
      ref={dialog}
      aria-labelledby={titleId}
      aria-describedby={description ? descriptionId : undefined}
      onKeyDown={onKeyDown}
      onCancel={(event) => {
        event.preventDefault();
        if (dismissible) onClose();
      }}
      className={`m-auto max-h-[90vh] outline-none w-[calc(100%-2rem)] ${width} flex-col overflow-hidden rounded-2xl bg-white p-0 text-slate-900 shadow-2xl backdrop:bg-slate-900/60 open:flex`}
    >
      {open && (
        <>
          <div className="shrink-0 px-6 pt-6">
            <h2 id={titleId} className="text-lg font-semibold">
              {title}
            </h2>
            {description && (
              <div id={descriptionId} className="mt-2 text-sm text-slate-700">
                {description}
              </div>
            )}
          </div>
          {children && <div className="min-h-0 flex-1 overflow-y-auto px-6 pt-4">{children}</div>}
          {footer ? (
            <div className="flex shrink-0 flex-col-reverse gap-3 px-6 py-6 sm:flex-row sm:justify-end">{footer}</div>
          ) : (
            <div className="h-6 shrink-0" />
          )}
        </>
      )}
    </dialog>
  );
}
