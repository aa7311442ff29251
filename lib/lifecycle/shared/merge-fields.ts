// Merge fields in a subject or a Markdown body: {{first_name}} or {{first_name|there}}, where the
// text after the bar stands in when the lead's value is empty. The list of fields is closed.

export const MERGE_FIELDS = {
  first_name: "text",
  last_name: "text",
  full_name: "text",
  book_url: "url",
  offer_url: "url",
  booking_url: "url",
} as const satisfies Record<string, "text" | "url">;

export type MergeField = keyof typeof MERGE_FIELDS;
export type MergeValues = Record<MergeField, string>;

const TAG = /\{\{\s*([a-z_]+)\s*(?:\|([^}]*))?\}\}/g;

export function isMergeField(name: string): name is MergeField {
  return Object.hasOwn(MERGE_FIELDS, name);
}

/** The names used in `template` that are not merge fields (an editor shows them as errors). */
export function unknownMergeFields(template: string): string[] {
  const unknown = new Set<string>();
  for (const match of template.matchAll(TAG)) if (!isMergeField(match[1]!)) unknown.add(match[1]!);
  return [...unknown];
}

/**
 * Replaces each tag with the lead's value, or its fallback when the value is empty. `escape` is
 * applied to text values and fallbacks (never to links, which come from the configuration) and
 * `escapeLiteral` to the template's own text between tags; an unknown field becomes its fallback,
 * so a typo never shows braces to a reader.
 */
export function applyMergeFields(
  template: string,
  values: MergeValues,
  escape: (text: string) => string = (text) => text,
  escapeLiteral: (text: string) => string = (text) => text,
): string {
  let out = "";
  let last = 0;
  for (const match of template.matchAll(TAG)) {
    const [tag, name = "", fallback = ""] = match;
    out += escapeLiteral(template.slice(last, match.index));
    last = match.index + tag.length;
    const value = isMergeField(name) ? values[name].trim() : "";
    out += value && isMergeField(name) && MERGE_FIELDS[name] === "url" ? value : escape(value || fallback.trim());
  }
  return out + escapeLiteral(template.slice(last));
}

const MARKDOWN_PUNCTUATION = /[\\`*_{}[\]()#+\-.!|~>]/g;

/** A lead's value as literal Markdown text: punctuation backslashed, "&" and "<" as entities. */
export function escapeMarkdownText(text: string): string {
  return text
    .replace(MARKDOWN_PUNCTUATION, (c) => `\\${c}`)
    .replace(/&/g, "&amp;")
    .replace(/</g, "&lt;");
}

/**
 * The template with each tag of a text field replaced by `replace(field, fallback)`; link fields
 * and unknown names stay as they are (a broadcast renders once and fills the names in per lead).
 */
export function replaceTextFields(template: string, replace: (field: MergeField, fallback: string) => string): string {
  return template.replace(TAG, (tag, name: string, fallback: string | undefined) =>
    isMergeField(name) && MERGE_FIELDS[name] === "text" ? replace(name, (fallback ?? "").trim()) : tag,
  );
}
