import { memberProcedure, router, submitted } from "../init";
import { changeMemberRole, changeMemberRoleInput } from "@/server/team/change-member-role";
import { createInvitation, createInvitationInput } from "@/server/team/create-invitation";
import { listInvitations } from "@/server/team/list-invitations";
import { listMembers } from "@/server/team/list-members";
import { removeMember, removeMemberInput } from "@/server/team/remove-member";
import { revokeInvitation, revokeInvitationInput } from "@/server/team/revoke-invitation";

export const teamRouter = router({
  members: memberProcedure("read").query(({ ctx }) => listMembers(ctx.service, { businessId: ctx.businessId })),
  invitations: memberProcedure("manageTeam").query(({ ctx }) => listInvitations(ctx.service, { businessId: ctx.businessId })),
  invite: memberProcedure("manageTeam")
    .input(submitted(createInvitationInput.omit({ businessId: true })))
    .mutation(({ ctx, input }) => createInvitation(ctx.service, { ...input, businessId: ctx.businessId })),
  revokeInvitation: memberProcedure("manageTeam")
    .input(revokeInvitationInput.omit({ businessId: true }))
    .mutation(({ ctx, input }) => revokeInvitation(ctx.service, { ...input, businessId: ctx.businessId })),
  changeRole: memberProcedure("manageTeam")
    .input(changeMemberRoleInput.omit({ businessId: true }))
    .mutation(({ ctx, input }) => changeMemberRole(ctx.service, { ...input, businessId: ctx.businessId })),
  remove: memberProcedure("manageTeam")
    .input(removeMemberInput.omit({ businessId: true }))
    .mutation(({ ctx, input }) => removeMember(ctx.service, { ...input, businessId: ctx.businessId })),
});
