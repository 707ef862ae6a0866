import { describe, expect, it } from "vitest";
import type { TSurveyDocument } from "@/lib/survey-document/schemas";
import { screenerDocument } from "@/test/helpers/documents";
import { applyContentOperations } from "./apply";
import { reconcileFlags } from "./flags";

const context = { actor: "user:u1", now: new Date("2026-11-24T10:00:00Z") };

/** The screener with an extra page nobody reaches (a validator finding: `unreachable_page`). */
function withOrphanPage(): TSurveyDocument {
  const document = screenerDocument();
  document.pages.push({
    id: "page-orphan",
    name: "Orphan",
    order: 4,
    blocks: [{ id: "block-orphan", order: 0, config: { type: "text", content: "Nobody sees this.", content_type: "markdown" } }],
    navigation_rules: [{ id: "rule-orphan", order: 0, target_page_id: "page-end" }],
  });
  return document;
}

const orphan = (document: TSurveyDocument) => document.pages.find((page) => page.id === "page-orphan")!;
const UNREACHABLE = 'No path through the survey reaches the page "Orphan".';

describe("reconcileFlags", () => {
  it("flags the validator's findings on their elements and returns them as findings", () => {
    const { document, findings } = reconcileFlags(withOrphanPage());
    expect(orphan(document).attention_required).toEqual({
      reason: UNREACHABLE,
      dismissed: false,
      flags: [{ source: "validator", code: "unreachable_page", reason: UNREACHABLE, dismissed: false }],
    });
    expect(findings).toEqual([expect.objectContaining({ code: "unreachable_page", page_id: "page-orphan", dismissed: false })]);
  });

  it("drops a validator flag once its finding is gone", () => {
    const flagged = reconcileFlags(withOrphanPage()).document;
    const { document: edited } = applyContentOperations(flagged, [{ op: "add_rule", page_id: "page-q1", target_page_id: "page-orphan", position: 0 }], context);
    const { document, findings } = reconcileFlags(edited, { previous: flagged });
    expect(orphan(document).attention_required).toBeUndefined();
    expect(findings).toEqual([]);
  });

  it("keeps a dismissed finding dismissed across later edits, and the dismissal's author", () => {
    const flagged = reconcileFlags(withOrphanPage()).document;
    const dismissed = reconcileFlags(applyContentOperations(flagged, [{ op: "dismiss_flag", element_id: "page-orphan" }], context).document).document;
    const edited = applyContentOperations(dismissed, [{ op: "update_page", page_id: "page-q1", name: "Mileage" }], context).document;
    const { document, findings } = reconcileFlags(edited, { previous: dismissed });
    expect(orphan(document).attention_required).toEqual({
      reason: UNREACHABLE,
      dismissed: true,
      flags: [{ source: "validator", code: "unreachable_page", reason: UNREACHABLE, dismissed: true, dismissed_by: "user:u1", dismissed_at: "2026-11-24T10:00:00.000Z" }],
    });
    expect(findings).toEqual([expect.objectContaining({ code: "unreachable_page", dismissed: true })]);
  });

  it("a dismissed finding about one condition does not hide a new finding about another", () => {
    const document = screenerDocument();
    document.pages[0].navigation_rules[0].condition = "{S1} = '7'";
    const first = reconcileFlags(document).document;
    const dismissed = reconcileFlags(applyContentOperations(first, [{ op: "dismiss_flag", element_id: "rule-s1-terminate" }], context).document).document;
    const changed = applyContentOperations(dismissed, [{ op: "update_rule", rule_id: "rule-s1-terminate", condition: "{S1} = '8'" }], context).document;
    const rule = reconcileFlags(changed, { previous: dismissed }).document.pages[0].navigation_rules[0];
    expect(rule.attention_required).toMatchObject({ dismissed: false, reason: expect.stringContaining("'8'") });
    expect(rule.attention_required!.flags).toHaveLength(1);
  });

  it("never touches compiler flags or notes, and shows only open reasons while any is open", () => {
    const document = withOrphanPage();
    orphan(document).attention_required = {
      reason: "The routing after Q9 was not programmed.",
      dismissed: false,
      flags: [{ source: "compiler", reason: "The routing after Q9 was not programmed.", dismissed: false }],
    };
    const once = reconcileFlags(document).document;
    expect(orphan(once).attention_required!.flags!.map((flag) => flag.source)).toEqual(["compiler", "validator"]);
    expect(orphan(once).attention_required!.reason).toBe(`The routing after Q9 was not programmed. ${UNREACHABLE}`);

    // Fix the finding: the compiler flag stays.
    const fixed = applyContentOperations(once, [{ op: "add_rule", page_id: "page-q1", target_page_id: "page-orphan", position: 0 }], context).document;
    const after = reconcileFlags(fixed, { previous: once }).document;
    expect(orphan(after).attention_required).toEqual({
      reason: "The routing after Q9 was not programmed.",
      dismissed: false,
      flags: [{ source: "compiler", reason: "The routing after Q9 was not programmed.", dismissed: false }],
    });

    // Dismiss the compiler flag only: the element shows no open reason but keeps the record.
    const dismissedNote = applyContentOperations(once, [{ op: "dismiss_flag", element_id: "page-orphan", reason: "The routing after Q9 was not programmed." }], context).document;
    const shown = reconcileFlags(dismissedNote, { previous: once }).document;
    expect(orphan(shown).attention_required).toMatchObject({ reason: UNREACHABLE, dismissed: false });
  });

  it("reads a legacy reason: the validator's sentences become validator flags, the rest a flag of the given source", () => {
    const document = withOrphanPage();
    orphan(document).attention_required = { reason: `Check the wording with the client. ${UNREACHABLE}`, dismissed: false };
    const { document: read } = reconcileFlags(document, { legacySource: "compiler" });
    expect(orphan(read).attention_required!.flags).toEqual([
      { source: "compiler", reason: "Check the wording with the client.", dismissed: false },
      { source: "validator", code: "unreachable_page", reason: UNREACHABLE, dismissed: false },
    ]);
  });

  it("a legacy reason holding only a stale validator sentence the previous revision recorded is dropped", () => {
    const previous = reconcileFlags(withOrphanPage()).document;
    const replacement = withOrphanPage();
    replacement.pages[1].navigation_rules.unshift({ id: "rule-new", order: 0, condition: "{Q1} > 5", target_page_id: "page-orphan" });
    replacement.pages[1].navigation_rules[1].order = 1;
    orphan(replacement).attention_required = { reason: UNREACHABLE, dismissed: false };
    const { document } = reconcileFlags(replacement, { previous });
    expect(orphan(document).attention_required).toBeUndefined();
  });

  it("a legacy dismissed reason keeps the finding dismissed (a client that PUTs back what it read)", () => {
    const document = withOrphanPage();
    orphan(document).attention_required = { reason: UNREACHABLE, dismissed: true };
    const { document: read, findings } = reconcileFlags(document);
    expect(orphan(read).attention_required).toMatchObject({ dismissed: true, flags: [{ source: "validator", dismissed: true }] });
    expect(findings[0].dismissed).toBe(true);
  });

  it("a dismissal carries over from the previous revision when the new document lost its flags", () => {
    const flagged = reconcileFlags(withOrphanPage()).document;
    const dismissed = reconcileFlags(applyContentOperations(flagged, [{ op: "dismiss_flag", element_id: "page-orphan" }], context).document).document;
    const bare = structuredClone(dismissed);
    delete orphan(bare).attention_required;
    expect(orphan(reconcileFlags(bare, { previous: dismissed }).document).attention_required).toMatchObject({ dismissed: true });
  });
});
