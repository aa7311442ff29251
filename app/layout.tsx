import type { Metadata, Viewport } from "next";
import type { ReactNode } from "react";
import { ToastProvider } from "@/components/ui/toast";
import "./globals.css";

export const metadata: Metadata = {
  title: { default: "Fast Forward — the AI implementation playbook for business", template: "%s | Fast Forward" },
  description: "Get Fast Forward, the business book on applying AI with the RACE Framework, free today.",
};

export const viewport: Viewport = { width: "device-width", initialScale: 1, themeColor: "#dc2626" };

export default function RootLayout({ children }: { children: ReactNode }) {
  return (
    <html lang="en">
      <body className="min-h-dvh font-sans antialiased">
        <ToastProvider>{children}</ToastProvider>
      </body>
    </html>
  );
}
