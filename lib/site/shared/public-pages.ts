type PublicPage = { path: string; changeFrequency: "weekly" | "monthly" | "yearly"; priority: number };

export const PUBLIC_PAGES: readonly PublicPage[] = [
  { path: "/", changeFrequency: "weekly", priority: 1 },
  { path: "/paid", changeFrequency: "weekly", priority: 0.8 },
  { path: "/paid-alt", changeFrequency: "monthly", priority: 0.5 },
  { path: "/offer", changeFrequency: "monthly", priority: 0.6 },
  { path: "/upsell", changeFrequency: "monthly", priority: 0.6 },
  { path: "/discovery", changeFrequency: "monthly", priority: 0.6 },
  { path: "/free-download", changeFrequency: "monthly", priority: 0.5 },
  { path: "/privacy", changeFrequency: "yearly", priority: 0.3 },
  { path: "/privacy-request", changeFrequency: "yearly", priority: 0.3 },
  { path: "/terms", changeFrequency: "yearly", priority: 0.3 },
  { path: "/email-terms", changeFrequency: "yearly", priority: 0.3 },
  { path: "/sms-phone-terms", changeFrequency: "yearly", priority: 0.3 },
];

export const NOT_CRAWLED = [
  "/admin",
  "/api/",
  "/checkout",
  "/checkout-realtime-academy",
  "/payment-",
  "/next-offer",
  "/vip-detected",
  "/oto-realtime-ai-academy",
  "/schedule-call",
  "/unsubscribe",
  "/confirm-email",
  "/privacy-request/verify",
  "/billing",
] as const;
