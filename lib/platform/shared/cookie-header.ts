// Reading a Cookie header without decoding anyone else's cookies: a malformed `%` in a cookie
// that is not ours must not turn a request into a 500.

export function cookieValues(header: string | null, name: string): string[] {
  return (header ?? "").split(";").flatMap((part) => {
    const eq = part.indexOf("=");
    return eq > 0 && part.slice(0, eq).trim() === name ? [part.slice(eq + 1).trim()] : [];
  });
}

/** On an https site a cookie name gets __Host-: Secure, Path=/ and no Domain, so no sibling subdomain can set it. */
export function hostCookieName(name: string, siteUrl: string): string {
  return siteUrl.startsWith("https:") ? `__Host-${name}` : name;
}

/** Whether some cookie whose name starts with `prefix` comes twice: one copy was planted. */
export function hasDuplicateCookie(header: string | null, prefix: string): boolean {
  const names = (header ?? "")
    .split(";")
    .map((part) => part.slice(0, Math.max(part.indexOf("="), 0)).trim())
    .filter((name) => name.startsWith(prefix));
  return new Set(names).size !== names.length;
}
