import type { ReactNode } from "react";
import { Container } from "../../../components/ui/container";

export function PageHero({
  eyebrow,
  title,
  description,
  children,
}: {
  eyebrow?: string;
  title: string;
  description: ReactNode;
  children?: ReactNode;
}) {
  return (
    <section className="relative isolate overflow-hidden bg-linear-to-b from-blue-50 via-white to-white">
      <div
        aria-hidden="true"
        className="absolute -top-32 left-1/2 -z-10 h-96 w-[48rem] -translate-x-1/2 rounded-full bg-blue-200/40 blur-3xl"
      />
      <Container className="py-16 text-center sm:py-24">
        {eyebrow && <p className="text-sm font-semibold uppercase tracking-wide text-blue-700">{eyebrow}</p>}
        <h1 className="mx-auto mt-3 max-w-3xl text-4xl font-extrabold tracking-tight text-balance text-slate-900 sm:text-5xl">
          {title}
        </h1>
        <p className="mx-auto mt-6 max-w-2xl text-lg text-pretty text-slate-600">{description}</p>
        {children && <div className="mt-10 flex flex-wrap items-center justify-center gap-4">{children}</div>}
      </Container>
    </section>
  );
}
