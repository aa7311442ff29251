export const UTM_KEYS = ["utm_source", "utm_medium", "utm_campaign", "utm_term", "utm_content"] as const;
export type UtmKey = (typeof UTM_KEYS)[number];
export type UtmParams = Record<UtmKey, string>;

const MAX_LENGTH = 200;

export function readUtm(search: string | URLSearchParams): UtmParams {
  const params = typeof search === "string" ? new URLSearchParams(search) : search;
  return Object.fromEntries(
    UTM_KEYS.map((key) => [key, (params.get(key) ?? "").trim().slice(0, MAX_LENGTH)]),
  ) as UtmParams;
}

export function hasUtm(utm: UtmParams): boolean {
  return UTM_KEYS.some((key) => utm[key] !== "");
}
