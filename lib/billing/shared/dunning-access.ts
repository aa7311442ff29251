// Whether a subscription ended unpaid takes the access its order gave. Every product does today;
// a product that keeps what was paid for (an instalment plan's course, say) answers false here.

export type AccessOrder = { productId: string; isSubscription: boolean };

export function accessEndsWithDunning(order: AccessOrder): boolean {
  return order.isSubscription;
}
