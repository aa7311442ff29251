// Every code an API answer can carry, with its status and default message: ApiError accepts only
// these, so no caller can invent a code or pair one with another status.

export const ERROR_CODES = {
  // 400: sending it again will not help.
  invalid_request: { status: 400, message: "The request is invalid." },
  invalid_json: { status: 400, message: "Request body must be valid JSON." },
  body_unreadable: { status: 400, message: "The request body could not be read." },
  invalid_phone: { status: 400, message: "Please enter a valid phone number." },
  user_information_required: { status: 400, message: "User information is required." },
  unknown_product: { status: 400, message: "productId is not a product on sale" },
  quantity_too_large: { status: 400, message: "The quantity is larger than this product allows." },
  bump_not_offered: { status: 400, message: "That add-on is not offered with this product." },
  missing_signature: { status: 400, message: "Missing Stripe-Signature header." },
  invalid_signature: { status: 400, message: "Invalid webhook signature." },
  coupon_invalid: { status: 400, message: "This coupon code is not valid." },
  coupon_exhausted: { status: 400, message: "This coupon code has been used up." },
  refund_too_large: { status: 400, message: "The refund is larger than what is left to refund on this order." },
  experiment_variant_unknown: {
    status: 400,
    message: "The variant to roll out is not one of this experiment's variants.",
  },
  experiment_audience_mismatch: {
    status: 400,
    message: "A variant of this experiment is not meant for the visitors who reach its page.",
  },
  unsubscribe_link_invalid: {
    status: 400,
    message: "This unsubscribe link is not valid or has expired. Use the link in a recent e-mail, or reply to it.",
  },
  unauthorized: { status: 401, message: "Please sign in to the console." },
  cross_site_request: { status: 403, message: "Cross-site requests are not allowed." },
  // A same-origin request to another address of the site than SITE_URL's: a setup mistake.
  wrong_origin: {
    status: 403,
    message: "This console is set up for another address. Open it there, or set SITE_URL to this address.",
  },
  forbidden: { status: 403, message: "Your role does not allow this. Ask an owner of the console." },
  reauthentication_required: {
    status: 403,
    message: "For your safety this needs a recent sign-in. Please sign in again, then retry.",
  },
  not_found: { status: 404, message: "Not found." },
  setup_link_invalid: { status: 404, message: "This setup link is not valid or has expired. Ask for a new one." },
  booking_link_invalid: {
    status: 404,
    message: "This booking link is not valid. Please use the link in your latest booking e-mail.",
  },
  email_link_invalid: {
    status: 404,
    message: "This link is not valid or has expired. Please use the link in your latest e-mail from us.",
  },
  card_link_invalid: {
    status: 404,
    message: "This card-update link is not valid or has expired. Sign in to the billing page to update your card.",
  },
  method_not_allowed: { status: 405, message: "This method is not allowed here." },
  conflict: { status: 409, message: "This request conflicts with the current state. Please refresh and try again." },
  privacy_request_unverified: {
    status: 409,
    message: "This request is awaiting verification: the requester has not confirmed the e-mail address yet.",
  },
  booking_exists: { status: 409, message: "This booking is already recorded." },
  slot_taken: { status: 409, message: "That time was just booked by someone else. Please pick another time." },
  phone_consent_required: {
    status: 409,
    message: "Please enter your phone number and agree to be contacted before you book.",
  },
  call_already_booked: {
    status: 409,
    message: "You already have a call booked. Use the link in your confirmation e-mail to move or cancel it.",
  },
  booking_canceled: { status: 409, message: "This call was cancelled. Please book a new time." },
  booking_closed: { status: 409, message: "This call has already started, so it can no longer be changed." },
  already_paid: { status: 409, message: "This order is already paid." },
  canceled: { status: 409, message: "This subscription was cancelled. Please refresh the page to start again." },
  payment_not_succeeded: { status: 409, message: "The payment has not succeeded." },
  not_refundable: { status: 409, message: "Only a paid order with money left to refund can be refunded." },
  order_refunded: {
    status: 409,
    message: "This purchase was refunded, so its account has been closed. Please contact support if this is a mistake.",
  },
  not_cancelable: { status: 409, message: "Only an active or overdue subscription can be cancelled at period end." },
  card_refused: { status: 409, message: "Your card was declined. Please try another card." },
  card_setup_invalid: {
    status: 409,
    message: "This card was not saved for this subscription. Please enter the card again.",
  },
  card_update_unavailable: {
    status: 409,
    message: "This subscription's card cannot be changed here yet. Please contact us and we will help.",
  },
  not_resumable: { status: 409, message: "This subscription has ended, so it can no longer be resumed." },
  seats_not_changeable: {
    status: 409,
    message: "Only a paid, active seat subscription that is not ending can change its seats.",
  },
  refund_failed: {
    status: 409,
    message: "The payment provider reports the refund as failed, so nothing was refunded. Please check the payment.",
  },
  experiment_key_taken: {
    status: 409,
    message: "An experiment with this key already exists. Please choose another key.",
  },
  experiment_surface_busy: {
    status: 409,
    message: "Another experiment is already running on this surface. Stop it before starting this one.",
  },
  experiment_not_draft: { status: 409, message: "Only a draft experiment can be started, edited or deleted." },
  experiment_not_running: { status: 409, message: "Only a running experiment can be stopped." },
  lead_unsubscribed: {
    status: 409,
    message: "This lead unsubscribed or is on the suppression list, so no e-mail was sent.",
  },
  body_timeout: { status: 408, message: "The request body did not arrive in time." },
  payload_too_large: { status: 413, message: "The request body is too large." },
  unsupported_media_type: { status: 415, message: "Content-Type must be application/json." },
  // 422: well-formed, but not on offer (past, closed day, off the grid).
  slot_unavailable: { status: 422, message: "That time is not available. Please pick another time." },
  rate_limited: { status: 429, message: "Too many requests. Please wait a moment and try again." },
  internal_error: { status: 500, message: "Something went wrong. Please try again." },
  processing_failed: { status: 500, message: "The event could not be processed. It will be retried." },
  gateway_error: { status: 502, message: "The payment provider could not complete the request." },
  service_unavailable: {
    status: 503,
    message: "The service is temporarily unavailable. Please try again shortly.",
  },
  payments_unavailable: { status: 503, message: "Failed to initialize payment" },
  gateway_unavailable: { status: 503, message: "The payment provider is unreachable. Please try again shortly." },
} as const satisfies Record<string, { status: number; message: string }>;

export type ErrorCode = keyof typeof ERROR_CODES;
export type ErrorStatus = (typeof ERROR_CODES)[ErrorCode]["status"];
export type CodeWithStatus<S extends ErrorStatus> = {
  [C in ErrorCode]: (typeof ERROR_CODES)[C]["status"] extends S ? C : never;
}[ErrorCode];

/** Every 503 says when to come back (RFC 9110 §10.2.3). */
export const RETRY_AFTER_UNAVAILABLE_SECONDS = 5;

export function isErrorCode(value: string): value is ErrorCode {
  return Object.hasOwn(ERROR_CODES, value);
}
