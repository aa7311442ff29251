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

// Every free-offer button on a page opens the same opt-in flow (opt-in → survey → result).
// Pages wrap their content in <OptInProvider> and use <FreeOfferButton> for each call to action.

// The flow (its dialogs, the survey's questions, the registration client) is a third of the
// landing's own JavaScript and nobody sees it before a click: it loads in its own chunk once the
// page is idle, and is first rendered when a button opens it, so it costs the landing's first
// paint and hydration nothing (README "Page speed"). After the first opening it stays mounted, so
// a reopened form keeps what was typed.
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

/** Runs `task` once the browser is idle (a timer where requestIdleCallback is missing); returns the cancel. */
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
