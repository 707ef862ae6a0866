import { log } from "@/lib/log";
import { storage, type ObjectRef } from "@/lib/storage";

/**
 * Removes stored objects after their rows were deleted (called after the commit, never inside a
 * transaction). A failure is logged with the key and never undoes the database change: an orphaned
 * object costs storage, a resurrected row would be wrong.
 */
export async function deleteStoredObjects(refs: ObjectRef[]): Promise<void> {
  const results = await Promise.allSettled(refs.map((ref) => storage().delete(ref)));
  results.forEach((result, index) => {
    if (result.status === "rejected") {
      log.error("could not delete a stored object; it is orphaned", { key: refs[index].key, visibility: refs[index].visibility, error: result.reason });
    }
  });
}
