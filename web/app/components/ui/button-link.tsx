import type { ReactNode } from "react";
import { Link } from "react-router";
import { buttonVariants, type ButtonSize, type ButtonVariant } from "./button";

/** A router link that looks like a Button. */
export function ButtonLink({
  to,
  children,
  variant = "primary",
  size = "md",
  className = "",
}: {
  to: string;
  children: ReactNode;
  variant?: ButtonVariant;
  size?: ButtonSize;
  className?: string;
}) {
  return (
    <Link to={to} className={`${buttonVariants({ variant, size })} ${className}`}>
      {children}
    </Link>
  );
}
