// The client forwards navigator.globalPrivacyControl as a body flag where it matters.

export function gpcFromRequest(request: Request, bodyFlag?: boolean): boolean {
  return request.headers.get("sec-gpc")?.trim() === "1" || bodyFlag === true;
}
