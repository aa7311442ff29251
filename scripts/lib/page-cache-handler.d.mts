type Entry = { value: Record<string, unknown>; lastModified: number };

export default class PageCacheHandler {
  constructor(options?: { serverDistDir?: string; dev?: boolean });
  get(key: string): Promise<Entry | null>;
  set(key: string, value: Record<string, unknown> | null, ctx?: unknown): Promise<void>;
  revalidateTag(tags: string | string[]): Promise<void>;
  resetRequestCache(): void;
}
