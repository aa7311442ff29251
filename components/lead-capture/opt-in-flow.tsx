"use client";

import { Dialog } from "@/components/ui/dialog";

// The opt-in modal. Its accessible name stays "Get your free copy of Fast Forward"; the
// lead-capture issue fills in the form, survey and result steps.

type OptInFlowProps = { open: boolean; source: string; onClose: () => void };

export function OptInFlow({ open, onClose }: OptInFlowProps) {
  return (
    <Dialog open={open} onClose={onClose} title="Get your free copy of Fast Forward">
      <p className="mt-3 text-slate-700">Tell us where to send your free digital copy.</p>
    </Dialog>
  );
}
