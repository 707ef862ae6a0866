import { describe, expect, it } from "vitest";
import { parseText, questionsOf } from "../testing/parse-text";

describe("form definitions printed as tables (XLSForm survey and choices sheets, REDCap data dictionaries)", () => {
  it("reads each row of a survey sheet as a question named by its field, folding in the choices sheet and skipping metadata rows", async () => {
    const ir = await parseText(
      [
        "| type | name | label | relevant |",
        "|---|---|---|---|",
        "| start | start | | |",
        "| select_multiple pets | pets_kept | Which pets do you keep? | |",
        "| integer | dog_count | How many dogs do you keep? | selected(${pets_kept}, 'dog') |",
        "| calculate | dog_share | Share of dogs | |",
        "| text | pet_names | What are their names? | ${dog_count} > 0 |",
        "",
        "| list_name | name | label |",
        "|---|---|---|",
        "| pets | dog | Dog |",
        "| pets | cat | Cat |",
      ].join("\n"),
      "q.md",
    );
    const questions = questionsOf(ir);
    expect(questions.map((question) => [question.id, question.type, question.options.map((option) => option.label)])).toEqual([
      ["pets_kept", "multi", ["Dog", "Cat"]],
      ["dog_count", "numeric", []],
      ["pet_names", "open", []],
    ]);
    expect(questions.map((question) => question.askIf.map((condition) => condition.condition))).toEqual([[], ["{pets_kept} anyof ['1']"], ["{dog_count} > 0"]]);
  });

  it("reads a REDCap dictionary's coded choices ('1, Yes | 0, No') as the answers with their codes", async () => {
    const ir = await parseText(
      [
        "| Variable / Field Name | Field Type | Field Label | Choices, Calculations, OR Slider Labels | Branching Logic (Show field only if...) |",
        "|---|---|---|---|---|",
        "| has_car | radio | Do you have a car? | 1, Yes \\| 0, No | |",
        "| car_age | text | How old is the car? | | [has_car] = '1' |",
      ].join("\n"),
      "q.md",
    );
    const [car, age] = questionsOf(ir);
    expect(car.options.map((option) => [option.code, option.label])).toEqual([["1", "Yes"], ["0", "No"]]);
    expect(age.askIf.map((condition) => condition.condition)).toEqual(["{has_car} = '1'"]);
  });

  it("leaves other tables alone (an answer grid has no name and label columns)", async () => {
    const ir = await parseText(["Q1. How satisfied are you?", "", "| | Satisfied | Not satisfied |", "|---|---|---|", "| Price | ○ | ○ |", "| Service | ○ | ○ |"].join("\n"), "q.md");
    expect(questionsOf(ir).map((question) => question.id)).toEqual(["Q1"]);
  });
});
