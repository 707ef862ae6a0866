import { describe, expect, it } from "vitest";
import { parseText, questionById, questionsOf } from "../testing/parse-text";

describe("variable lines of a plain-text codebook", () => {
  it("reads each 'name<tab>\"question\", codes' line as a question named by its variable", async () => {
    const ir = await parseText(
      [
        "Then the visitors answered a few more questions:",
        "",
        'pets\t\t"How many pets live with you?"',
        'garden\t\t"Do you have a garden?", 1=Yes, 2=No',
        'transport\t"How do you usually travel to the park?", 1=Car, 2=Bus, 3=Bicycle, 4=On foot',
        "travel\tchosen from list where 1=Near, 2=Far (0=missed)",
        "",
        "The following values were derived from technical information:",
        "",
        "device\t\t1=small screen, 2=large screen",
        "region\t\tthe visitor's region, from the network address",
        "visits\t\tnumber of earlier visits",
      ].join("\n"),
    );
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["pets", "garden", "transport", "travel"]);
    expect(questionById(ir, "pets").text).toBe("How many pets live with you?");
    expect(questionById(ir, "garden").options.map((option) => option.label)).toEqual(["Yes", "No"]);
    expect(questionById(ir, "transport").options.map((option) => [option.code, option.label])).toEqual([
      ["1", "Car"],
      ["2", "Bus"],
      ["3", "Bicycle"],
      ["4", "On foot"],
    ]);
    // A missing-data code is no answer.
    expect(questionById(ir, "travel").options.map((option) => option.label)).toEqual(["Near", "Far"]);
  });

  it("leaves two columns of words alone when no line asks or lists codes", async () => {
    const ir = await parseText(["Which answers apply?", "", "Often    Sometimes", "Rarely    Never", "Always    Unsure"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).not.toContain("Often");
  });

  it("leaves fewer than three such lines alone", async () => {
    const ir = await parseText(["Notes", "", "colour\tthe colour of the fence", "height\tthe height of the fence"].join("\n"));
    expect(questionsOf(ir).map((question) => question.id)).not.toContain("colour");
  });
});
