import { z } from "zod";

// Also the contactId; "tmp-…" when storage is unavailable (docs/product.md#funnel-session).
export const contactIdSchema = z.string().regex(/^(tmp-)?[A-Za-z0-9-]{8,64}$/, "contactId must be a funnel session id");
