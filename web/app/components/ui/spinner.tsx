export function Spinner({ className = "h-8 w-8" }: { className?: string }) {
  return (
    <span
      className={`inline-block animate-spin rounded-full border-4 border-slate-300 border-t-blue-700 motion-reduce:animate-none ${className}`}
      aria-hidden="true"
    />
  );
}
