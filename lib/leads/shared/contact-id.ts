import { z } from "zod";

// The client's funnel session id (spec §4), also the spec's contactId: a UUID from local
// storage, or a temporary id ("tmp-…") when storage is unavailable. Shared by client and server.
export const contactIdSchema = z.string().regex(/^(tmp-)?[A-Za-z0-9-]{8,64}$/, "contactId must be a funnel session id");
