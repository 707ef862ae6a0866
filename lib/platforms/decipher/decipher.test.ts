import { describe, expect, it } from "vitest";
import { buildDocument } from "../linear";
import { constructsSurvey } from "../testing/surveys";
import { parseXml } from "../xml";
import { exportDecipher } from "./export";
import { DecipherXmlError, importDecipher } from "./import";

describe("Decipher export (survey XML)", () => {
  const { source, warnings } = exportDecipher(constructsSurvey());
  const survey = parseXml(source).find((node) => node.tag === "survey")!;
  const blocks = survey.children.filter((node) => node.tag === "block");

  it("writes a <survey> root with one block per page, each ending in <suspend/>", () => {
    expect(warnings).toEqual([]);
    expect(blocks.map((block) => block.attributes["builder:title"])).toEqual(["Screener", "Usage", "Ratings", "Heavy users", "Thanks", "Screened out"]);
    expect(blocks.every((block) => block.children[block.children.length - 1].tag === "suspend")).toBe(true);
  });

  it("declares every namespace prefix it uses on the root, as Decipher's own survey.xml does (namespace-aware parsers refuse an unbound prefix)", () => {
    const declared = new Set([...source.matchAll(/\sxmlns:([A-Za-z][\w-]*)=/g)].map((match) => match[1]));
    const used = new Set([...source.matchAll(/[\s<]([A-Za-z][\w-]*):[A-Za-z][\w-]*[\s=>/]/g)].map((match) => match[1]).filter((prefix) => prefix !== "xmlns"));
    expect(used.size).toBeGreaterThan(0);
    expect([...used].filter((prefix) => !declared.has(prefix))).toEqual([]);
    expect(survey.attributes["xmlns:html"]).toBe("http://decipherinc.com/html");
  });

  it("uses radio, checkbox, select, number and textarea elements with rows, cols and exclusive rows", () => {
    const tags = blocks.flatMap((block) => block.children.map((node) => node.tag));
    expect(new Set(tags)).toEqual(new Set(["html", "radio", "checkbox", "select", "number", "textarea", "suspend"]));
    expect(source).toContain('<row label="r4" value="4" exclusive="1" randomize="0">None of these</row>');
    expect(source).toContain('<col label="c1" value="1">Poor</col>');
  });

  it("writes skips as block conditions, display logic as cond= on questions and rows, and the screen-out as <term>", () => {
    expect(blocks[1].attributes.cond).toBe("not S1.r2 and (not S2.r4 or S1.r2)");
    expect(source).toContain('<row label="r1" value="1" cond="S2.r1">Alpha</row>');
    expect(source).toContain('<textarea label="Q4" optional="1" cond="Q3.r1.c1">');
    expect(source).toContain('cond="(Q2.any and Q2.ival &gt;= 10) and Q1.any and not Q1.r3"');
    expect(source).toContain('cond="not S2.r3 or S2.count &gt;= 2"');
    expect(survey.children.find((node) => node.tag === "term")!.attributes.cond).toBe("S1.r2 or (S2.r4 and not S1.r2)");
  });
});

describe("Decipher import", () => {
  it("reads questions outside blocks, suspends as page breaks, cond= logic and terms written by hand", () => {
    const imported = importDecipher(`<?xml version="1.0" encoding="UTF-8"?>
<survey name="Survey" alt="Hand written" state="testing">
<radio label="S1" title="Age group">
  <row label="r1">Under 18</row>
  <row label="r2">18 or older</row>
</radio>
<suspend/>
<term label="term_age" cond="S1.r1">Under age</term>
<checkbox label="Q1" atleast="1">
  <title>Which do you own?</title>
  <row label="r1">Car</row>
  <row label="r2">Bike</row>
</checkbox>
<number label="Q2" size="3" verify="range(0,20)" cond="Q1.r1"><title>How many cars?</title></number>
<suspend/>
<text label="Q3" cond="Q2.ival &gt; 2 and not Q1.r2" optional="1"><title>Why so many?</title></text>
</survey>`);
    const document = buildDocument(imported, { id: "s", slug: "s", name: "s" });
    expect(imported.warnings).toEqual([]);
    expect(document.pages.map((page) => [page.name, page.assign_response_status ?? null])).toEqual([
      ["S1", null],
      ["Under age", "disqualified"],
      ["Q1", null],
      ["Q3", null],
      ["End of survey", "complete"],
    ]);
    const blocks = document.pages.flatMap((page) => page.blocks);
    expect(blocks.find((block) => block.config.question?.variable === "Q2")!.config).toMatchObject({ type: "number", showIf: "{Q1} = '1'", question: { min: 0, max: 20 } });
    expect(blocks.find((block) => block.config.question?.variable === "Q3")!.config.showIf).toBe("{Q2} > 2 and not {Q1} = '2'");
    expect(document.pages[0].navigation_rules[0]).toMatchObject({ condition: "{S1} = '1'", target_page_id: document.pages[1].id });
  });

  it("reports conditions it cannot read as warnings instead of dropping them silently", () => {
    const imported = importDecipher(`<survey name="S"><radio label="A"><row label="r1">x</row></radio><suspend/><radio label="B" cond="A.check('1')"><row label="r1">y</row></radio></survey>`);
    expect(imported.warnings[0]).toMatchObject({ code: "logic_unsupported", element: "question B" });
  });

  it("rejects XML that is not a Decipher survey", () => {
    expect(() => importDecipher("<document><x/></document>")).toThrow(DecipherXmlError);
  });
});
