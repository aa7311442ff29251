export function CheckoutAlert({ text }: { text: string | null }) {
  return text ? (
    <p role="alert" className="rounded-lg bg-red-50 px-3 py-2 text-sm text-red-900">
      {text}
    </p>
  ) : null;
}
