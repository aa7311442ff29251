// Every /api/* path no route file serves: the API's own 404 body for every method, instead of
// Next.js's HTML not-found page (an API client should never have to parse HTML). OPTIONS is a
// 404 too: there is nothing here to ask about.
import { apiErrorResponse } from "@/lib/platform/shared/api-error";

export const dynamic = "force-dynamic";

const notFound = (): Response => apiErrorResponse("not_found");

export const GET = notFound;
export const HEAD = notFound;
export const POST = notFound;
export const PUT = notFound;
export const DELETE = notFound;
export const PATCH = notFound;
export const OPTIONS = notFound;
