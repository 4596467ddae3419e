import type { ComponentProps } from "react";
import { Spinner } from "./spinner";

export type ButtonVariant = "primary" | "secondary" | "outline" | "ghost" | "danger" | "danger-outline" | "success" | "inverse";
export type ButtonSize = "sm" | "md" | "lg";

const base =
  "inline-flex shrink-0 items-center justify-center gap-2 rounded-lg border font-semibold whitespace-nowrap transition-colors focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60";

const variants: Record<ButtonVariant, string> = {
  primary: "border-transparent bg-blue-700 text-white hover:bg-blue-800",
  secondary: "border-slate-300 bg-white text-slate-800 hover:bg-slate-50",
  outline: "border-blue-200 bg-white text-blue-800 hover:bg-blue-50",
  ghost: "border-transparent bg-transparent text-slate-700 hover:bg-slate-100 hover:text-slate-900",
  danger: "border-transparent bg-red-700 text-white hover:bg-red-800",
  "danger-outline": "border-red-300 bg-white text-red-700 hover:bg-red-50",
  success: "border-transparent bg-green-700 text-white hover:bg-green-800",
  inverse: "border-transparent bg-white text-blue-800 hover:bg-blue-50",
};

const sizes: Record<ButtonSize, string> = {
  sm: "h-9 px-3 text-sm",
  md: "h-11 px-4 text-sm",
  lg: "h-12 px-6 text-base",
};

/** The classes of a Button, for a link or another element that must look like one. */
export function buttonVariants({ variant = "primary", size = "md" }: { variant?: ButtonVariant; size?: ButtonSize } = {}) {
  return `${base} ${variants[variant]} ${sizes[size]}`;
}

export type ButtonProps = ComponentProps<"button"> & {
  variant?: ButtonVariant;
  size?: ButtonSize;
  loading?: boolean;
};

/** Every variant of a size has the same height; `loading` disables the button and shows a spinner. */
export function Button({ variant, size, loading = false, disabled, className = "", type = "button", children, ...rest }: ButtonProps) {
  return (
    <button
      type={type}
      disabled={disabled || loading}
      aria-busy={loading || undefined}
      className={`${buttonVariants({ variant, size })} ${className}`}
      {...rest}
    >
      {loading && <Spinner className="h-4 w-4 border-2" />}
      {children}
    </button>
  );
}

/**
 * A button that brings no look of its own, for controls whose look belongs to their widget (tabs,
 * disclosure toggles, icon buttons, a backdrop): `type="button"` unless told otherwise.
 */
export function UnstyledButton({ type = "button", ...rest }: ComponentProps<"button">) {
  return <button type={type} {...rest} />;
}
