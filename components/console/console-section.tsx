import type { ReactNode } from "react";
import { TitledSection } from "@/components/ui/titled-section";

// A console page's titled part; the heading names the section for screen readers.
export function ConsoleSection({ id, title, children }: { id: string; title: string; children: ReactNode }) {
  return (
    <TitledSection id={id} title={title} className="space-y-3" headingClassName="text-xl font-bold">
      {children}
    </TitledSection>
  );
}
