import type { Metadata } from "next";
import { MemberControls } from "@/components/members/member-controls";
import { Badge } from "@/components/ui/badge";
import { RelativeTime } from "@/components/ui/time";
import { ROLE_LABELS } from "@/lib/auth/roles";
import { requireViewer } from "@/lib/auth/viewer";
import { canManageMembers, listMembers } from "@/lib/tenancy/members";

export const metadata: Metadata = { title: "Members" };

export default async function MembersPage() {
  const viewer = await requireViewer();
  const members = await listMembers(viewer.workspace.workspaceId);
  const manager = canManageMembers(viewer.role);
  const assignable = viewer.role === "owner" ? (["owner", "admin", "member"] as const) : (["admin", "member"] as const);

  return (
    <section aria-labelledby="members-title" className="space-y-5">
      <div>
        <h2 id="members-title" className="text-lg font-semibold">
          Members
        </h2>
        <p className="mt-1 max-w-2xl text-sm text-slate-600">
          People join this workspace when they first sign in: the first person became its owner, everyone after that joins as a member.
          Owners and admins manage API keys, webhooks and integrations; members work on surveys.
        </p>
      </div>
      <div className="overflow-x-auto rounded-2xl bg-white shadow-sm ring-1 ring-slate-200">
        <table className="w-full text-left text-sm">
          <caption className="sr-only">Members of {viewer.workspace.workspaceName}</caption>
          <thead className="border-b border-slate-200 bg-slate-50 text-xs font-medium tracking-wide text-slate-600 uppercase">
            <tr>
              <th scope="col" className="px-4 py-3">
                Person
              </th>
              <th scope="col" className="px-4 py-3">
                Joined
              </th>
              <th scope="col" className="px-4 py-3 text-right">
                Role
              </th>
            </tr>
          </thead>
          <tbody className="divide-y divide-slate-100">
            {members.map((member) => {
              const label = member.name ?? member.email;
              const isSelf = member.userId === viewer.user.id;
              const editable = manager && !isSelf && (viewer.role === "owner" || member.role !== "owner");
              return (
                <tr key={member.membershipId}>
                  <td className="px-4 py-3">
                    <p className="font-medium text-slate-900">
                      {label}
                      {isSelf && <span className="ml-2 text-xs font-normal text-slate-600">(you)</span>}
                    </p>
                    {member.name && <p className="text-slate-600">{member.email}</p>}
                  </td>
                  <td className="px-4 py-3 text-slate-600">
                    <RelativeTime iso={member.joinedAt} />
                  </td>
                  <td className="px-4 py-2 text-right">
                    {editable ? (
                      <MemberControls membershipId={member.membershipId} label={label} role={member.role} roles={[...assignable]} canRemove />
                    ) : (
                      <Badge tone={member.role === "member" ? "neutral" : "indigo"}>{ROLE_LABELS[member.role]}</Badge>
                    )}
                  </td>
                </tr>
              );
            })}
          </tbody>
        </table>
      </div>
    </section>
  );
}
