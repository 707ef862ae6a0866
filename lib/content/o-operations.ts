import { z } from "zod";
import { defineOperation } from "@/lib/http/operation";
import {
  ZOBlock,
  ZOBlockParams,
  ZOCreateBlockBody,
  ZOCreateRuleBody,
  ZOForceQuery,
  ZOMessage,
  ZONavigationRule,
  ZONavigationRuleWithPages,
  ZOPage,
  ZOPageParams,
  ZORuleParams,
  ZOUpdateBlockBody,
  ZOUpdatePageBody,
  ZOUpdateRuleBody,
  ZOVariableParams,
} from "./o-schemas";

/**
 * Interface O's pages, blocks, navigation rules and variables. Every change is one content revision
 * (visible through P's `/content`), refused with 409 `survey_locked` while program-from-file or a
 * validation fix holds the survey; conditions use the condition language (`{S1} = '2'`) and an invalid one
 * is 400 with the parser's `position`.
 */

const changeErrors = ["not_found", "conflict", "variable_in_use", "survey_locked", "workflow_active"] as const;

export const oGetPageOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/pages/{page_id}",
  access: { scope: "surveys:read" },
  summary: "Get a page",
  tags: ["Pages"],
  params: ZOPageParams,
  response: { status: 200, description: "The page with its blocks and navigation rules.", schema: ZOPage },
  errors: ["not_found"],
});

export const oUpdatePageOperation = defineOperation({
  api: "O",
  method: "PATCH",
  path: "/pages/{page_id}",
  access: { scope: "surveys:write" },
  summary: "Update a page",
  description: "Renames it, sets or removes (`null`) `assign_response_status`, or moves it in the list (`order`).",
  tags: ["Pages"],
  params: ZOPageParams,
  body: ZOUpdatePageBody,
  response: { status: 200, description: "The page.", schema: ZOPage },
  errors: changeErrors,
});

export const oDeletePageOperation = defineOperation({
  api: "O",
  method: "DELETE",
  path: "/pages/{page_id}",
  access: { scope: "surveys:write" },
  summary: "Delete a page",
  description:
    "Deletes the page with its blocks and rules. Refused with 409 while rules of other pages lead to it (`conflict`) or conditions name its questions (`variable_in_use`), listing them in `details`; " +
    "with `force=true` it is deleted anyway and those rules and conditions stay, flagged for review (`validation/fix` removes rules that lead nowhere).",
  tags: ["Pages"],
  params: ZOPageParams,
  query: ZOForceQuery,
  response: { status: 200, description: "Deleted.", schema: ZOMessage },
  errors: changeErrors,
});

export const oListNavigationRulesOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/pages/{page_id}/navigation-rules",
  access: { scope: "surveys:read" },
  summary: "List a page's navigation rules",
  description: "The rules whose source is this page, in evaluation `order`, each with `sourcePage` and `targetPage` (pages without blocks and rules).",
  tags: ["Navigation rules"],
  params: ZOPageParams,
  response: { status: 200, description: "The rules.", schema: z.array(ZONavigationRuleWithPages) },
  errors: ["not_found"],
});

export const oCreateNavigationRuleOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/pages/{page_id}/navigation-rules",
  access: { scope: "surveys:write" },
  summary: "Add a navigation rule",
  description: "After this page, respondents go to `target_page_id` when `condition` is true (always without one); rules are tried in `order`, the first true one wins.",
  tags: ["Navigation rules"],
  params: ZOPageParams,
  body: ZOCreateRuleBody,
  response: { status: 201, description: "The rule.", schema: ZONavigationRule },
  errors: changeErrors,
});

export const oGetNavigationRuleOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/navigation-rules/{rule_id}",
  access: { scope: "surveys:read" },
  summary: "Get a navigation rule",
  tags: ["Navigation rules"],
  params: ZORuleParams,
  response: { status: 200, description: "The rule.", schema: ZONavigationRule },
  errors: ["not_found"],
});

export const oUpdateNavigationRuleOperation = defineOperation({
  api: "O",
  method: "PATCH",
  path: "/navigation-rules/{rule_id}",
  access: { scope: "surveys:write" },
  summary: "Update a navigation rule",
  description: "Changes the target, the condition (`null`: always applies) or the evaluation `order` among the page's rules.",
  tags: ["Navigation rules"],
  params: ZORuleParams,
  body: ZOUpdateRuleBody,
  response: { status: 200, description: "The rule.", schema: ZONavigationRule },
  errors: changeErrors,
});

export const oDeleteNavigationRuleOperation = defineOperation({
  api: "O",
  method: "DELETE",
  path: "/navigation-rules/{rule_id}",
  access: { scope: "surveys:write" },
  summary: "Delete a navigation rule",
  tags: ["Navigation rules"],
  params: ZORuleParams,
  response: { status: 200, description: "Deleted.", schema: ZOMessage },
  errors: changeErrors,
});

export const oCreateBlockOperation = defineOperation({
  api: "O",
  method: "POST",
  path: "/pages/{page_id}/blocks",
  access: { scope: "surveys:write" },
  summary: "Add a block",
  description: "A question (`type` and `question.variable`, options with codes, rows/columns, required, min/max) or a `text` block, optionally with a `showIf` condition.",
  tags: ["Blocks"],
  params: ZOPageParams,
  body: ZOCreateBlockBody,
  response: { status: 201, description: "The block.", schema: ZOBlock },
  errors: changeErrors,
});

export const oGetBlockOperation = defineOperation({
  api: "O",
  method: "GET",
  path: "/blocks/{block_id}",
  access: { scope: "surveys:read" },
  summary: "Get a block",
  tags: ["Blocks"],
  params: ZOBlockParams,
  response: { status: 200, description: "The block.", schema: ZOBlock },
  errors: ["not_found"],
});

export const oUpdateBlockOperation = defineOperation({
  api: "O",
  method: "PATCH",
  path: "/blocks/{block_id}",
  access: { scope: "surveys:write" },
  summary: "Update a block",
  description:
    "Changes wording (`content`), `type`, `variable` (renamed in every condition), `required`, `options`/`rows`/`columns` (whole lists), `min`/`max`/`randomize` (`null` clears), " +
    "`showIf` (`null` removes it), or moves it (`page_id`, `order`).",
  tags: ["Blocks"],
  params: ZOBlockParams,
  body: ZOUpdateBlockBody,
  response: { status: 200, description: "The block.", schema: ZOBlock },
  errors: changeErrors,
});

export const oDeleteBlockOperation = defineOperation({
  api: "O",
  method: "DELETE",
  path: "/blocks/{block_id}",
  access: { scope: "surveys:write" },
  summary: "Delete a block",
  description: "Refused with 409 `variable_in_use` while conditions name its question's variable (listed in `details`), unless `force=true` (they stay, flagged).",
  tags: ["Blocks"],
  params: ZOBlockParams,
  query: ZOForceQuery,
  response: { status: 200, description: "Deleted.", schema: ZOMessage },
  errors: changeErrors,
});

export const oDeleteVariableOperation = defineOperation({
  api: "O",
  method: "DELETE",
  path: "/variables/{variable_id}",
  access: { scope: "surveys:write" },
  summary: "Delete a variable",
  description:
    "Deletes a hidden or computed variable. Refused with 409 `variable_in_use` while conditions still name it — they are listed in `details` (`element_id`, `where`, `condition`) — unless `force=true` (the conditions stay and are flagged). " +
    "A question's variable goes with its question: delete the block (409 `conflict` names it).",
  tags: ["Variables"],
  params: ZOVariableParams,
  query: ZOForceQuery,
  response: { status: 200, description: "Deleted.", schema: ZOMessage },
  errors: changeErrors,
});
