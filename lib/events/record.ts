import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import { wakeWebhooksAfterCommit } from "@/lib/webhooks/wake";
import type { EventData, EventType } from "./catalog";

type Tx = Pick<Prisma.TransactionClient, "event">;

/**
 * Appends an immutable event. Call it with the transaction that makes the change, so the event exists
 * exactly when the change does. The webhook engine finds it by its empty `fanned_out_at` once committed
 * (so a crash right after the commit loses nothing); the nudge only makes that immediate.
 */
export async function recordEvent<T extends EventType>(tx: Tx, workspaceId: string, type: T, data: EventData<T>) {
  const event = await tx.event.create({ data: { id: newId("evt"), workspaceId, type, data: data as Prisma.InputJsonValue } });
  wakeWebhooksAfterCommit();
  return event;
}
