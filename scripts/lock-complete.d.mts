export type LockEntry = { location: string; name: string; version: string; dev: boolean };
export type Lock = { packages?: Record<string, { version?: string; dev?: boolean; optional?: boolean; optionalDependencies?: Record<string, string>; [key: string]: unknown }> } & Record<string, unknown>;
export function missingOptionalEntries(lock: Lock): LockEntry[];
export function completeLock(lock: Lock): { lock: Required<Pick<Lock, "packages">> & Lock; added: LockEntry[] };
