import { db } from "@/lib/db/client";

/**
 * Human labels for actor strings recorded on revisions and events (`user:<id>`, `api_key:<id>`,
 * `workflow:<run id>`, `development`), for the UI's "who did this" columns. Only this workspace's keys are named.
 */
export async function describeActors(workspaceId: string, subjects: readonly (string | null | undefined)[]): Promise<Map<string, string>> {
  const unique = [...new Set(subjects.filter((subject): subject is string => Boolean(subject)))];
  const userIds = unique.filter((subject) => subject.startsWith("user:")).map((subject) => subject.slice(5));
  const keyIds = unique.filter((subject) => subject.startsWith("api_key:")).map((subject) => subject.slice(8));
  const prisma = await db();
  const [users, keys] = await Promise.all([
    userIds.length ? prisma.user.findMany({ where: { id: { in: userIds } }, select: { id: true, name: true, email: true } }) : [],
    keyIds.length ? prisma.apiKey.findMany({ where: { id: { in: keyIds }, workspaceId }, select: { id: true, name: true } }) : [],
  ]);
  const labels = new Map<string, string>();
  for (const subject of unique) {
    if (subject === "development") labels.set(subject, "Development access");
    else if (subject.startsWith("workflow:")) labels.set(subject, "Programming run");
    else if (subject.startsWith("user:")) {
      const user = users.find((candidate) => candidate.id === subject.slice(5));
      labels.set(subject, user ? (user.name ?? user.email) : "A former member");
    } else if (subject.startsWith("api_key:")) {
      const key = keys.find((candidate) => candidate.id === subject.slice(8));
      labels.set(subject, key ? `API key “${key.name}”` : "A deleted API key");
    } else labels.set(subject, subject);
  }
  return labels;
}
