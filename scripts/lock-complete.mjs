#!/usr/bin/env node
// npm run lock:complete — adds the lock entries npm cannot write on a machine whose registry only
// offers this platform's native bindings (see docs/decisions.md, "Install"): for every optional
// dependency of a locked package that has no entry of its own, an entry with the version the parent
// asks for, `optional: true`, and `dev: true` when the parent is dev-only. `npm ci` then accepts the
// lock here (skipping bindings it cannot fetch) and on any normal registry.
//
//   node scripts/lock-complete.mjs           complete package-lock.json in place
//   node scripts/lock-complete.mjs --check   exit 1 and list what is missing, change nothing
import { readFileSync, writeFileSync } from "node:fs";
import path from "node:path";
import { fileURLToPath } from "node:url";

/** The entries a lock lacks: `{ location, name, version, dev }` for each unlocked optional dependency. */
export function missingOptionalEntries(lock) {
  const packages = lock.packages ?? {};
  const missing = new Map();
  for (const [location, meta] of Object.entries(packages)) {
    for (const [name, version] of Object.entries(meta.optionalDependencies ?? {})) {
      // npm resolves a dependency from the parent's own node_modules, then the hoisted root.
      const nested = location === "" ? `node_modules/${name}` : `${location}/node_modules/${name}`;
      const hoisted = `node_modules/${name}`;
      if (packages[nested] || packages[hoisted] || missing.has(hoisted)) continue;
      missing.set(hoisted, { location: hoisted, name, version, dev: meta.dev === true });
    }
  }
  return [...missing.values()];
}

/** A copy of the lock with those entries added (keys kept in npm's sorted order). */
export function completeLock(lock) {
  const missing = missingOptionalEntries(lock);
  if (missing.length === 0) return { lock, added: [] };
  const packages = { ...lock.packages };
  for (const entry of missing) {
    packages[entry.location] = { version: entry.version, ...(entry.dev ? { dev: true } : {}), optional: true };
  }
  const [root, ...rest] = Object.keys(packages);
  const ordered = Object.fromEntries([root, ...rest.sort()].map((key) => [key, packages[key]]));
  return { lock: { ...lock, packages: ordered }, added: missing };
}

const invokedDirectly = process.argv[1] && path.resolve(process.argv[1]) === fileURLToPath(import.meta.url);
if (invokedDirectly) {
  const file = path.resolve(path.dirname(fileURLToPath(import.meta.url)), "..", "package-lock.json");
  const lock = JSON.parse(readFileSync(file, "utf8"));
  const { lock: completed, added } = completeLock(lock);
  if (process.argv.includes("--check")) {
    if (added.length > 0) {
      console.error(`package-lock.json lacks ${added.length} optional dependencies (${added.map((entry) => entry.name).join(", ")}); run npm run lock:complete.`);
      process.exit(1);
    }
    console.log("package-lock.json is complete.");
  } else {
    if (added.length > 0) writeFileSync(file, `${JSON.stringify(completed, null, 2)}\n`);
    console.log(added.length > 0 ? `package-lock.json: added ${added.length} optional entries.` : "package-lock.json is complete.");
  }
}
