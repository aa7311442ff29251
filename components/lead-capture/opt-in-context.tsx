"use client";

import { createContext, useCallback, useContext, useMemo, useState, type ReactNode } from "react";
import { OptInFlow } from "@/components/lead-capture/opt-in-flow";
import { trackAction } from "@/lib/tracking/client/track-action";

// Every free-offer button on a page opens the same opt-in flow (opt-in → survey → result).
// Pages wrap their content in <OptInProvider> and use <FreeOfferButton> for each call to action.

type OptInContextValue = { open: (source: string) => void };
const OptInContext = createContext<OptInContextValue | null>(null);

export function OptInProvider({ children }: { children: ReactNode }) {
  const [source, setSource] = useState<string | null>(null);
  const open = useCallback((from: string) => setSource(from), []);
  const value = useMemo(() => ({ open }), [open]);
  return (
    <OptInContext.Provider value={value}>
      {children}
      <OptInFlow open={source !== null} source={source ?? ""} onClose={() => setSource(null)} />
    </OptInContext.Provider>
  );
}

export function useOptIn(): OptInContextValue {
  const value = useContext(OptInContext);
  if (!value) throw new Error("useOptIn must be used inside <OptInProvider>");
  return value;
}

type FreeOfferButtonProps = {
  /** Where on the page the button sits; recorded with the button_click event. */
  source: string;
  children: ReactNode;
  className?: string;
};

export function FreeOfferButton({ source, children, className = "" }: FreeOfferButtonProps) {
  const { open } = useOptIn();
  return (
    <button
      type="button"
      data-free-offer={source}
      onClick={() => {
        trackAction("button_click", { source });
        open(source);
      }}
      className={className}
    >
      {children}
    </button>
  );
}
