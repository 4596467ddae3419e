import type { ReactNode } from "react";
import { Link } from "react-router";

const variants = {
  primary: "bg-blue-700 text-white hover:bg-blue-800",
  secondary: "bg-white text-blue-800 ring-1 ring-inset ring-blue-200 hover:bg-blue-50",
  inverse: "bg-white text-blue-800 hover:bg-blue-50",
  danger: "bg-red-700 text-white hover:bg-red-800",
} as const;

export const buttonClasses = (variant: keyof typeof variants = "primary") =>
  `inline-flex items-center justify-center gap-2 rounded-lg px-5 py-3 text-sm font-semibold shadow-sm transition-colors focus-visible:outline focus-visible:outline-2 focus-visible:outline-offset-2 focus-visible:outline-blue-700 disabled:cursor-not-allowed disabled:opacity-60 ${variants[variant]}`;

export function ButtonLink({
  to,
  children,
  variant = "primary",
  className = "",
}: {
  to: string;
  children: ReactNode;
  variant?: keyof typeof variants;
  className?: string;
}) {
  return (
    <Link to={to} className={`${buttonClasses(variant)} ${className}`}>
      {children}
    </Link>
  );
}
