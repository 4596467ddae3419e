import type { ReactNode } from "react";
import { CircleAlert, CircleCheck, Info, TriangleAlert } from "lucide-react";

const tones = {
  error: { box: "bg-red-50 text-red-800 ring-red-200", icon: CircleAlert },
  success: { box: "bg-green-50 text-green-800 ring-green-200", icon: CircleCheck },
  warning: { box: "bg-amber-50 text-amber-900 ring-amber-200", icon: TriangleAlert },
  info: { box: "bg-blue-50 text-blue-900 ring-blue-200", icon: Info },
} as const;

/**
 * A message box; errors are announced at once (role alert), the other tones politely (role status).
 * `action` (a Close button, say) sits inside the box, at the end of the message.
 */
export function Alert({
  tone,
  title,
  children,
  className = "",
  id,
  action,
}: {
  tone: keyof typeof tones;
  title?: string;
  children?: ReactNode;
  className?: string;
  id?: string;
  action?: ReactNode;
}) {
  const { box, icon: Icon } = tones[tone];
  return (
    <div id={id} role={tone === "error" ? "alert" : "status"} className={`flex gap-3 rounded-lg p-4 text-sm ring-1 ring-inset ${box} ${className}`}>
      <Icon className="mt-0.5 h-5 w-5 shrink-0" aria-hidden="true" />
      <div className="min-w-0 flex-1">
        {title && <p className="font-semibold">{title}</p>}
        {children && <div className={title ? "mt-1" : ""}>{children}</div>}
      </div>
      {action && <div className="-my-1.5 shrink-0 self-start">{action}</div>}
    </div>
  );
}
