"use client";
import { createContext, useContext } from "react";
import type { Mode, Role } from "@/generated/prisma/enums";

export type PortalInfo = {
  userName: string;
  email: string;
  isPlatformAdmin: boolean;
  businessId: string;
  businessName: string;
  role: Role;
  mode: Mode;
  /** The business is suspended: every API call gets 403 until Hubi reactivates it. */
  suspended: boolean;
  memberships: { businessId: string; businessName: string; role: Role }[];
};

const PortalContext = createContext<PortalInfo | null>(null);

export const PortalProvider = ({ value, children }: { value: PortalInfo; children: React.ReactNode }) => (
  <PortalContext.Provider value={value}>{children}</PortalContext.Provider>
);

/** The signed-in user, selected business, role and mode, as resolved by the portal layout. */
export function usePortal(): PortalInfo {
  const value = useContext(PortalContext);
  if (!value) throw new Error("usePortal must be used inside the portal layout");
  return value;
}
