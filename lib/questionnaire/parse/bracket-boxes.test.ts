import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("answers run on one line behind empty round brackets", () => {
  it("splits '( ) label ( ) label' into one answer per bracket, touching labels too", async () => {
    const ir = await parseText(["4. How often do you cycle to the harbour?", "( ) Daily ( ) Weekly ( )Monthly ( ) Never", "5. Do you own a helmet?", "( ) Yes ( ) No", ""].join("\n"));
    const [often, helmet] = questionsOf(ir);
    expect(often.options.map((option) => option.label)).toEqual(["Daily", "Weekly", "Monthly", "Never"]);
    expect(helmet.options.map((option) => option.label)).toEqual(["Yes", "No"]);
  });
});
