import Link from "next/link";

export function BackLink({
  href,
  label,
  className = "text-blue-700 underline",
}: {
  href: string;
  label: string;
  className?: string;
}) {
  return (
    <p className="text-sm">
      <Link href={href} className={className}>
        ← {label}
      </Link>
    </p>
  );
}
