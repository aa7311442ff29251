// A payment route answered with an error status. Kept apart from failures with no answer at all
// (network down, timeout), because callers treat them differently: a 400 means the input itself
// is wrong and sending it again cannot help, while a provider or network failure may pass.

export class RequestFailedError extends Error {
  readonly status: number;

  constructor(message: string, status: number) {
    super(message);
    this.name = "RequestFailedError";
    this.status = status;
  }
}
