// Global Privacy Control: the Sec-GPC request header (spec'd as exactly "1") or the page's
// navigator.globalPrivacyControl, which the client forwards as a body flag where it matters.

export function gpcFromRequest(request: Request, bodyFlag?: boolean): boolean {
  return request.headers.get("sec-gpc")?.trim() === "1" || bodyFlag === true;
}
