import { readFileSync } from "node:fs";
import { describe, expect, it } from "vitest";
import { completeLock, missingOptionalEntries } from "./lock-complete.mjs";

describe("package-lock.json completeness (npm ci on a clean clone)", () => {
  it("locks every optional dependency of every locked package, so npm ci accepts the lock", () => {
    const lock = JSON.parse(readFileSync(new URL("../package-lock.json", import.meta.url), "utf8"));
    expect(missingOptionalEntries(lock).map((entry) => entry.name)).toEqual([]);
  });

  it("adds an optional entry with the parent's version, marked dev only when the parent is dev-only", () => {
    const lock = {
      lockfileVersion: 3,
      packages: {
        "": { dependencies: { next: "16.0.0" } },
        "node_modules/next": { version: "16.0.0", optionalDependencies: { "@next/swc-darwin-arm64": "16.0.0", "@next/swc-linux-x64-gnu": "16.0.0" } },
        "node_modules/@next/swc-linux-x64-gnu": { version: "16.0.0", optional: true },
        "node_modules/eslint-x": { version: "1.0.0", dev: true, optionalDependencies: { "@unrs/binding-win32": "1.2.3" } },
      },
    };
    const { lock: completed, added } = completeLock(lock);
    expect(added.map((entry) => entry.name).sort()).toEqual(["@next/swc-darwin-arm64", "@unrs/binding-win32"]);
    expect(completed.packages["node_modules/@next/swc-darwin-arm64"]).toEqual({ version: "16.0.0", optional: true });
    expect(completed.packages["node_modules/@unrs/binding-win32"]).toEqual({ version: "1.2.3", dev: true, optional: true });
    expect(Object.keys(completed.packages)[0]).toBe("");
    expect(missingOptionalEntries(completed)).toEqual([]);
  });

  it("counts a dependency nested under its parent as locked", () => {
    const lock = {
      packages: {
        "": {},
        "node_modules/a": { version: "1.0.0", optionalDependencies: { b: "2.0.0" } },
        "node_modules/a/node_modules/b": { version: "2.0.0", optional: true },
      },
    };
    expect(missingOptionalEntries(lock)).toEqual([]);
  });
});
