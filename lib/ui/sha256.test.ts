import { createHash, randomBytes } from "node:crypto";
import { describe, expect, it } from "vitest";
import { Sha256, sha256Hex } from "./sha256";

const reference = (data: Uint8Array) => createHash("sha256").update(data).digest("hex");

describe("SHA-256 in the browser", () => {
  it("matches the standard digest on the padding edge cases and random data", () => {
    for (const size of [0, 1, 55, 56, 57, 63, 64, 65, 119, 120, 128, 1000, 100_003]) {
      const data = randomBytes(size);
      expect(new Sha256().update(data).hex(), `size ${size}`).toBe(reference(data));
    }
    expect(new Sha256().update(new TextEncoder().encode("abc")).hex()).toBe("ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad");
  });

  it("gives the same digest however the input is split", () => {
    const data = randomBytes(10_000);
    const hash = new Sha256();
    for (const [start, end] of [[0, 1], [1, 63], [63, 64], [64, 200], [200, 9_999], [9_999, 10_000]]) hash.update(data.subarray(start, end));
    expect(hash.hex()).toBe(reference(data));
  });

  it("hashes a Blob with Web Crypto and without it alike", async () => {
    const data = randomBytes(9 * 1024 * 1024 + 7);
    const blob = new Blob([data]);
    expect(await sha256Hex(blob)).toBe(reference(data));
    const original = Object.getOwnPropertyDescriptor(globalThis, "crypto");
    Object.defineProperty(globalThis, "crypto", { value: undefined, configurable: true });
    try {
      const fractions: number[] = [];
      expect(await sha256Hex(blob, (fraction) => fractions.push(fraction))).toBe(reference(data));
      expect(fractions.at(-1)).toBe(1);
    } finally {
      if (original) Object.defineProperty(globalThis, "crypto", original);
    }
  });
});
