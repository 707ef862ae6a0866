import { describe, expect, it } from "vitest";
import { dottedFieldLabels } from "./patterns";
import { parseText, questionsOf } from "../testing/parse-text";

/**
 * A paper form's fill-in lines typed with dots or ellipsis characters ("Nama Pemilik : ………", "Mansione
 * attuale:……… Dipartimento……… Sede………"): each label and its dotted line is a field, several to a line with or
 * without their colons.
 */

describe("dotted fill-in fields", () => {
  it("reads a label, a colon and a line of ellipses as a field", async () => {
    const qs = questionsOf(await parseText("Respondent\n\nOwner name : ………………………\n\nBusiness name : ………………………\n\n1. Are you active?\n\n- Yes\n- No\n", "form.md"));
    expect(qs.map((q) => [q.text, q.type])).toEqual([
      ["Owner name", "open"],
      ["Business name", "open"],
      ["Are you active?", "single"],
    ]);
  });

  it("reads the first of a run of labelled blanks under a title that asks nothing as a field, not the title's answer", async () => {
    const qs = questionsOf(await parseText("# Survey\n\n1. Respondent details\n\n    Owner name : ………………\n\n    Business name : ………………\n\n2. Are you active?\n\n- Yes\n- No\n", "form.md"));
    expect(qs.map((q) => q.text)).toEqual(expect.arrayContaining(["Owner name", "Business name", "Are you active?"]));
  });

  it("keeps a blank under a question that asks for it as that question's answer", async () => {
    const qs = questionsOf(await parseText("1. What is the name of your business?\n\nName : ………………\n\nTown : ………………\n\n2. Are you active?\n\n- Yes\n- No\n"));
    expect(qs[0].text).toBe("What is the name of your business?");
  });

  it("reads several labelled dotted lines run together on one line as one field each", async () => {
    const qs = questionsOf(await parseText("WORK\n\nCurrent job:……………………… Department……………………… Site…………………….\n\n1. Do you work shifts?\n\n- Yes\n- No\n"));
    expect(qs.map((q) => q.text)).toEqual(["Current job", "Department", "Site", "Do you work shifts?"]);
  });

  it("reads several labelled underscore lines on one line as one field each, without the required field's asterisk", async () => {
    const qs = questionsOf(await parseText("Registration\n\nGuest's name* ______________ Room* _______ Nights* _______\n\nCompany ______________ Country ______________\n\n1. Was this your first stay?\n\n- Yes\n- No\n"));
    expect(qs.map((q) => [q.text, q.type])).toEqual([
      ["Guest's name", "open"],
      ["Room", "open"],
      ["Nights", "open"],
      ["Company", "open"],
      ["Country", "open"],
      ["Was this your first stay?", "single"],
    ]);
    expect(dottedFieldLabels("Other ______")).toBeNull();
    expect(dottedFieldLabels("Name* ____ or leave blank")).toBeNull();
  });

  it("finds no fields in a line with words after its last dotted run, or with only one colon-less label", () => {
    expect(dottedFieldLabels("Date of birth:………… Tax code")).toBeNull();
    expect(dottedFieldLabels("Other……………")).toBeNull();
    expect(dottedFieldLabels("Name:……… Town: ……")).toEqual(["Name", "Town"]);
    expect(dottedFieldLabels("Where ... and then ... something")).toBeNull();
  });
});
