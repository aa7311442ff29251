// Pure; every checkout page in both gateway modes uses it.

export type GatewayErrorLike = { type?: string; code?: string; message?: string } | null | undefined;
export type UserMessage = { title: string; description: string };

export const SESSION_EXPIRED: UserMessage = {
  title: "Payment Session Expired",
  description: "Your payment session has expired. Please refresh the page and try again.",
};
export const INIT_FAILED: UserMessage = {
  title: "Payment Error",
  description: "Failed to initialize payment. Please try again.",
};
export const TERMS_REQUIRED: UserMessage = {
  title: "Terms Required",
  description: "Please accept the Terms of Service and Privacy Policy to continue.",
};
export const UPDATE_FAILED: UserMessage = {
  title: "Update Failed",
  description: "Failed to update your subscription. Please try again.",
};
/** Paying now would pay the old count. */
export const SEATS_UPDATING: UserMessage = {
  title: "Updating team size",
  description: "Your team size is being updated. Please pay once it shows the new total.",
};
export const subscriptionUpdated = (n: number): UserMessage => ({
  title: "Subscription Updated",
  description: `Team size updated to ${n} members.`,
});

export function messageForConfirmError(error: GatewayErrorLike): UserMessage {
  if (error?.code === "payment_intent_unexpected_state") return SESSION_EXPIRED;
  if (error?.type === "card_error" || error?.type === "validation_error") {
    return {
      title: "Payment Error",
      description: error.message || "There was a problem with your payment information.",
    };
  }
  return { title: "Payment Error", description: error?.message || "An error occurred processing your payment." };
}
