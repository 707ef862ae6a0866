import type { Prisma } from "@/lib/generated/prisma/client";
import { newId } from "@/lib/ids";
import type { EventData, EventType } from "./catalog";

type Tx = Pick<Prisma.TransactionClient, "event">;

/**
 * Appends an immutable event. Call it with the transaction that makes the change, so the event exists
 * exactly when the change does.
 */
export async function recordEvent<T extends EventType>(tx: Tx, workspaceId: string, type: T, data: EventData<T>) {
  return tx.event.create({ data: { id: newId("evt"), workspaceId, type, data: data as Prisma.InputJsonValue } });
}
