import type { IncomingMessage, ServerResponse } from "node:http";
import type { Duplex } from "node:stream";

export function servedByNext(method: string | undefined): boolean;
export function allowFor(url: string | undefined): string;
export function notAllowedHere(req: IncomingMessage, res: ServerResponse): void;
export function refuseConnect(req: IncomingMessage, socket: Duplex): void;
