import type { IncomingMessage } from "node:http";
import type { Duplex } from "node:stream";

export type FrontAnswer = { status: number; headers: Record<string, string>; body: string };

export function allowFor(url: string | undefined): string;
export function refusal(method: string | undefined, url: string | undefined): FrontAnswer | null;
export function refuseConnect(req: IncomingMessage, socket: Duplex): void;
