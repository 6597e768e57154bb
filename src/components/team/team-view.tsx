"use client";
import { usePortal } from "@/components/portal/portal-context";
import { hasRole } from "@/components/portal/roles";
import { InviteCard } from "./invite-card";
import { MembersCard } from "./members-card";

export function TeamView() {
  const { role } = usePortal();
  return (
    <div className="space-y-6">
      {hasRole(role, "owner") && <InviteCard />}
      <MembersCard />
    </div>
  );
}
