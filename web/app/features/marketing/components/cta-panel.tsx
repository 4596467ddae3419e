import { ArrowRight } from "lucide-react";
import { Link } from "react-router";
import { Container } from "../../../components/ui/container";

const onBrandButton =
  "inline-flex items-center justify-center gap-2 rounded-lg bg-white px-6 py-3 text-base font-semibold text-blue-800 shadow-sm transition-colors hover:bg-blue-50";

// The global :focus-visible outline is blue; on the blue panel it must be white to stay visible.
const onBrandFocus = { outlineColor: "#fff" };

/** The closing call to action every marketing page ends with. */
export function CtaPanel({
  title,
  text,
  action,
  to = "/contact",
}: {
  title: string;
  text: string;
  action: string;
  to?: string;
}) {
  return (
    <section className="py-16 sm:py-24">
      <Container>
        <div className="relative isolate overflow-hidden rounded-3xl bg-blue-800 px-6 py-14 text-center shadow-xl sm:px-12">
          <div aria-hidden="true" className="absolute -right-24 -top-24 -z-10 h-72 w-72 rounded-full bg-blue-600/40 blur-3xl" />
          <div aria-hidden="true" className="absolute -bottom-24 -left-24 -z-10 h-72 w-72 rounded-full bg-indigo-700/50 blur-3xl" />
          <h2 className="mx-auto max-w-2xl text-3xl font-bold tracking-tight text-balance text-white sm:text-4xl">{title}</h2>
          <p className="mx-auto mt-4 max-w-xl text-lg text-blue-100">{text}</p>
          <Link to={to} className={`${onBrandButton} mt-8`} style={onBrandFocus}>
            {action}
            <ArrowRight className="h-5 w-5" aria-hidden="true" />
          </Link>
        </div>
      </Container>
    </section>
  );
}
