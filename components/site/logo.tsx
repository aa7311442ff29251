import Link from "next/link";

export function Logo({ className = "" }: { className?: string }) {
  return (
    <Link
      href="/"
      className={`inline-flex items-center gap-2 rounded-md font-extrabold tracking-tight text-ink focus-visible:outline-2 focus-visible:outline-offset-4 focus-visible:outline-brand ${className}`}
    >
      <svg aria-hidden="true" viewBox="0 0 36 20" className="h-5 w-9">
        <path d="M0 0 L18 10 L0 20 Z" fill="#dc2626" />
        <path d="M16 0 L34 10 L16 20 Z" fill="#0f172a" />
      </svg>
      <span className="text-lg">
        Fast <span className="text-brand">Forward</span>
      </span>
    </Link>
  );
}
