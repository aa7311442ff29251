import "server-only";
import { getConfig } from "@/lib/platform/server/config";
import type { ContractSetupBases } from "@/lib/payments/shared/contract-setup-url";

// Unset, both point at this app's own /contract-setup page, which shows what would be handed over.
export function contractSetupBases(): ContractSetupBases {
  const config = getConfig();
  return {
    local: config.CONTRACT_SETUP_LOCAL_URL ?? "/contract-setup",
    prod: config.CONTRACT_SETUP_PROD_URL ?? "/contract-setup",
  };
}
