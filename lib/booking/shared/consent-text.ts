// The modal shows and the server stores exactly this text (with its hash), so the record proves
// what the visitor saw (docs/product.md#phone-consent).

export function phoneConsentText(providerName: string): string {
  return (
    `I agree that ${providerName} may call and text me at the number above, including with automated ` +
    `technology and prerecorded voice messages, about scheduling my strategy call, training, sales, surveys ` +
    `and my purchases. I confirm this is my mobile number and that I am 18 or older. Consent is not a ` +
    `condition of purchase. Message frequency varies; message and data rates may apply. Reply STOP to opt out. ` +
    `See the SMS/Phone Opt-In Terms.`
  );
}
