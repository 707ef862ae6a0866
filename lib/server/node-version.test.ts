import { describe, expect, it } from "vitest";
import { checkNodeVersion, unsupportedNodeMessage } from "./node-version";

describe("Node.js version check at start (issue 18.21)", () => {
  it("names the version and the one to use", () => {
    expect(unsupportedNodeMessage("20.11.1")).toBe("Node 20 is not supported; use Node 24 (at least 22).");
    expect(unsupportedNodeMessage("v18.0.0")).toMatch(/^Node 18 is not supported; use Node 24/);
    expect(unsupportedNodeMessage("22.0.0")).toBeNull();
    expect(unsupportedNodeMessage("24.21.0")).toBeNull();
  });

  it("prints one line and exits in production; only prints in development", () => {
    const printed: string[] = [];
    const exits: number[] = [];
    expect(checkNodeVersion({ version: "20.11.1", production: true, print: (line) => printed.push(line), exit: (code) => exits.push(code) })).toBe(false);
    expect(printed).toEqual(["Node 20 is not supported; use Node 24 (at least 22)."]);
    expect(exits).toEqual([1]);
    expect(checkNodeVersion({ version: "20.11.1", production: false, print: (line) => printed.push(line), exit: (code) => exits.push(code) })).toBe(true);
    expect(printed).toHaveLength(2);
    expect(exits).toEqual([1]);
    expect(checkNodeVersion({ version: process.versions.node, production: true, print: (line) => printed.push(line) })).toBe(true);
    expect(printed).toHaveLength(2);
  });
});
