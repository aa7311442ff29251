"use client";

import { useState, type ReactNode } from "react";
import { Dialog } from "@/components/ui/dialog";

export function LookInside({ children, className }: { children: ReactNode; className: string }) {
  const [open, setOpen] = useState(false);
  return (
    <>
      <button type="button" className={className} onClick={() => setOpen(true)}>
        Look inside the book
      </button>
      <Dialog open={open} onClose={() => setOpen(false)} title="Inside Fast Forward">
        {children}
      </Dialog>
    </>
  );
}
