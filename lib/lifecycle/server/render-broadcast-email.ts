import "server-only";
import {
  applyMergeFields,
  replaceTextFields,
  type MergeField,
  type MergeValues,
} from "@/lib/lifecycle/shared/merge-fields";
import { renderMarketingEmail, siteLinks, type MarketingDraft } from "@/lib/lifecycle/server/render-marketing-email";
import { escapeHtml } from "@/lib/shared/escape-html";

// A broadcast renders its Markdown once: each text merge tag becomes a numbered marker (letters and
// digits only, so Markdown leaves it alone) and each lead's value, escaped for HTML, replaces it.
// Link fields are the same for every lead and are filled in before the render. The plain-text
// part is wrapped around the marker, so a long name may make one line a little longer.

export type LeadNames = Pick<MergeValues, "first_name" | "last_name" | "full_name">;
export type BroadcastEmail = { subject: string; html: string; text: string };
export type BroadcastRenderer = (lead: LeadNames) => BroadcastEmail;

const MARKER = /xqmerge(\d+)qx/gi;

export async function prepareBroadcastEmail(draft: MarketingDraft): Promise<BroadcastRenderer> {
  const tags: { field: MergeField; fallback: string }[] = [];
  const marked = (template: string) =>
    replaceTextFields(template, (field, fallback) => {
      tags.push({ field, fallback });
      return `xqmerge${tags.length - 1}qx`;
    });
  const links = siteLinks();
  const blank: MergeValues = { first_name: "", last_name: "", full_name: "", ...links };
  const template = await renderMarketingEmail(
    { subject: marked(draft.subject), preheader: marked(draft.preheader), markdown: marked(draft.markdown) },
    blank,
  );
  return (lead) => {
    const value = (index: string) => {
      const tag = tags[Number(index)];
      return tag ? lead[tag.field as keyof LeadNames].trim() || tag.fallback : "";
    };
    return {
      subject: applyMergeFields(draft.subject, { ...blank, ...lead })
        .replace(/\s+/g, " ")
        .trim(),
      html: template.html.replace(MARKER, (_m, index: string) => escapeHtml(value(index))),
      // The plain text upper-cases headings, the marker with them.
      text: template.text.replace(MARKER, (marker: string, index: string) =>
        marker === marker.toUpperCase() ? value(index).toUpperCase() : value(index),
      ),
    };
  };
}
