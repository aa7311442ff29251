import type { IncomingMessage, ServerResponse } from "node:http";

export function servedByNext(method: string | undefined): boolean;
export function allowFor(url: string | undefined): string;
export function notAllowedHere(req: IncomingMessage, res: ServerResponse): void;
