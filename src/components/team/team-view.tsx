"use client";
import { usePortal } from "@/components/portal/portal-context";
import { mayDo } from "@/contracts/roles";
import { InviteCard } from "./invite-card";
import { MembersCard } from "./members-card";

export function TeamView() {
  const { role } = usePortal();
  return (
    <div className="space-y-6">
      {mayDo(role, "manageTeam") && <InviteCard />}
      <MembersCard />
    </div>
  );
}
