import { describe, expect, it } from "vitest";
import { db } from "@/lib/db/client";
import { changeMemberRole, listMembers, removeMember, type Actor } from "@/lib/tenancy/members";
import { ensureDefaultWorkspace } from "@/lib/tenancy/bootstrap";
import { request } from "../helpers/api";
import { signInUser } from "../helpers/session";

async function membershipOf(userId: string) {
  return (await db()).membership.findFirstOrThrow({ where: { userId } });
}

describe("workspace members", () => {
  it("lets owners and admins change roles within their rights, and keeps at least one owner", async () => {
    const { workspace } = await ensureDefaultWorkspace();
    const owner = await signInUser("first@example.test");
    const second = await signInUser("second@example.test");
    const third = await signInUser("third@example.test");
    const ownerActor: Actor = { userId: owner.user.id, workspaceId: workspace.id, role: "owner" };

    expect((await listMembers(workspace.id)).map((member) => [member.email, member.role])).toEqual([
      ["first@example.test", "owner"],
      ["second@example.test", "member"],
      ["third@example.test", "member"],
    ]);

    // A promoted admin gets full scopes on /v1 at once (roles are read per request).
    await changeMemberRole(ownerActor, (await membershipOf(second.user.id)).id, "admin");
    expect((await request("GET", "/v1/whoami", { headers: { cookie: second.cookie } })).body.permissions).toEqual(["*"]);

    const adminActor: Actor = { userId: second.user.id, workspaceId: workspace.id, role: "admin" };
    await expect(changeMemberRole(adminActor, (await membershipOf(third.user.id)).id, "owner")).rejects.toMatchObject({ code: "forbidden" });
    await expect(changeMemberRole(adminActor, (await membershipOf(owner.user.id)).id, "member")).rejects.toMatchObject({ code: "forbidden" });
    await changeMemberRole(adminActor, (await membershipOf(third.user.id)).id, "admin");

    const memberActor: Actor = { userId: third.user.id, workspaceId: workspace.id, role: "member" };
    await expect(removeMember(memberActor, (await membershipOf(second.user.id)).id)).rejects.toMatchObject({ code: "forbidden" });

    await expect(changeMemberRole(ownerActor, (await membershipOf(owner.user.id)).id, "admin")).rejects.toMatchObject({ code: "conflict" });
    await expect(removeMember(ownerActor, (await membershipOf(owner.user.id)).id)).rejects.toMatchObject({ code: "conflict" });

    await removeMember(ownerActor, (await membershipOf(third.user.id)).id);
    expect((await request("GET", "/v1/whoami", { headers: { cookie: third.cookie } })).status).toBe(403);
  });

  it("hides another workspace's memberships", async () => {
    const { workspace } = await ensureDefaultWorkspace();
    const prisma = await db();
    const organization = await prisma.organization.create({ data: { name: "Other", slug: "other-org" } });
    const other = await prisma.workspace.create({ data: { organizationId: organization.id, name: "Other", slug: "other" } });
    const outsider = await signInUser("outsider@example.test");
    const foreign = await prisma.membership.create({ data: { workspaceId: other.id, userId: outsider.user.id, role: "member" } });
    const owner = await prisma.membership.findFirstOrThrow({ where: { workspaceId: workspace.id, role: "owner" } });
    const actor: Actor = { userId: owner.userId, workspaceId: workspace.id, role: "owner" };
    await expect(removeMember(actor, foreign.id)).rejects.toMatchObject({ code: "not_found" });
  });
});
