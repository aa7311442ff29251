"use client";

import {
  createContext,
  lazy,
  Suspense,
  useCallback,
  useContext,
  useEffect,
  useMemo,
  useState,
  type ReactNode,
} from "react";
import { trackAction } from "@/lib/leads/client/track-action";

// The flow is a third of the landing's JavaScript and unseen before a click: it loads when idle
// and renders on first open, so it costs first paint nothing; it then stays mounted to keep input.
const loadOptInFlow = () => import("@/components/lead-capture/opt-in-flow");
const OptInFlow = lazy(() => loadOptInFlow().then((module) => ({ default: module.OptInFlow })));

type OptInContextValue = { open: (source: string) => void };
const OptInContext = createContext<OptInContextValue | null>(null);

export function OptInProvider({ children }: { children: ReactNode }) {
  const [source, setSource] = useState<string | null>(null);
  const [mounted, setMounted] = useState(false);
  const open = useCallback((from: string) => {
    setMounted(true);
    setSource(from);
  }, []);
  const value = useMemo(() => ({ open }), [open]);
  useEffect(() => whenIdle(() => void loadOptInFlow()), []);
  return (
    <OptInContext.Provider value={value}>
      {children}
      {mounted && (
        <Suspense fallback={null}>
          <OptInFlow open={source !== null} source={source ?? ""} onClose={() => setSource(null)} />
        </Suspense>
      )}
    </OptInContext.Provider>
  );
}

function whenIdle(task: () => void): () => void {
  if (typeof window.requestIdleCallback === "function") {
    const handle = window.requestIdleCallback(task, { timeout: 3_000 });
    return () => window.cancelIdleCallback(handle);
  }
  const timer = window.setTimeout(task, 1_000);
  return () => window.clearTimeout(timer);
}

export function useOptIn(): OptInContextValue {
  const value = useContext(OptInContext);
  if (!value) throw new Error("useOptIn must be used inside <OptInProvider>");
  return value;
}

type FreeOfferButtonProps = {
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
