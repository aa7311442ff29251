// Where the sign-in page sends an operator afterwards: only a console path of this site, so a
// crafted link cannot bounce a fresh sign-in to another site.

export const CONSOLE_HOME = "/admin";

export function safeReturnPath(value: unknown): string {
  if (typeof value !== "string" || value.length > 2000) return CONSOLE_HOME;
  if (!/^\/admin(?:[/?#]|$)/.test(value) || /[\\\s]/.test(value) || value.startsWith("/admin/sign-in")) {
    return CONSOLE_HOME;
  }
  return value;
}

export function signInAgainHref(returnTo: string): string {
  return `/admin/sign-in?${new URLSearchParams({ reauth: "1", next: safeReturnPath(returnTo) }).toString()}`;
}
