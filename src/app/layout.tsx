import type { Metadata } from "next";
import { headers } from "next/headers";
import { NextIntlClientProvider } from "next-intl";
import { getLocale, getTranslations } from "next-intl/server";
import "@fontsource-variable/inter/wght.css";
import "./globals.css";
import { TRPCReactProvider } from "@/trpc/client";
import { HydrationMark } from "@/components/ui/hydration-mark";

export async function generateMetadata(): Promise<Metadata> {
  const t = await getTranslations("common");
  return { title: { default: "Hubi", template: "%s · Hubi" }, description: t("tagline") };
}

export default async function RootLayout({ children }: { children: React.ReactNode }) {
  // Every page is rendered per request, so that each gets the nonce its scripts run with.
  await headers();
  return (
    <html lang={await getLocale()}>
      <body className="min-h-screen bg-slate-50 text-slate-900 antialiased">
        <HydrationMark />
        <NextIntlClientProvider>
          <TRPCReactProvider>{children}</TRPCReactProvider>
        </NextIntlClientProvider>
      </body>
    </html>
  );
}
