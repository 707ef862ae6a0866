import { describe, expect, it } from "vitest";
import { createLineSplitter } from "./ndjson";

describe("createLineSplitter", () => {
  it("yields only complete lines and carries a partial line over", () => {
    const splitter = createLineSplitter();
    expect(splitter.push('{"index":0}\n{"ind')).toEqual(['{"index":0}']);
    expect(splitter.push('ex":1}\n\n{"index":2}')).toEqual(['{"index":1}']);
    expect(splitter.push("\n")).toEqual(['{"index":2}']);
    expect(splitter.flush()).toEqual([]);
  });

  it("flushes a last line without a newline", () => {
    const splitter = createLineSplitter();
    expect(splitter.push('{"index":0}')).toEqual([]);
    expect(splitter.flush()).toEqual(['{"index":0}']);
  });
});
