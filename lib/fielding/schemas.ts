import { z } from "zod";
import { ZPaginationQuery } from "@/lib/http/pagination";

/** Fielding on the service itself (DESIGN §7): respondent links and the responses taken through them. */

export const LINK_MODES = ["test", "production"] as const;
export const RESPONSE_STATUSES = ["in_progress", "complete", "partial", "terminated"] as const;
export type TResponseStatus = (typeof RESPONSE_STATUSES)[number];

const ZVariableName = z.string().regex(/^[A-Za-z_][A-Za-z0-9_.]{0,63}$/, "A variable name: letters, digits, `_` and `.`, starting with a letter or `_`.");

export const ZSurveyLink = z
  .object({
    id: z.string().describe("`link_…`; respondents open `url`."),
    survey_id: z.string(),
    name: z.string().nullable(),
    mode: z.enum(LINK_MODES).describe("`test` links show a banner and let the tester jump pages; their responses have `mode` `test`."),
    content_revision: z.union([z.number().int(), z.literal("tip")]).describe("The pinned `service` content revision, or `tip` (each respondent gets the tip when they start)."),
    status: z.enum(["open", "closed"]),
    expires_at: z.string().nullable(),
    hidden_variables: z.record(z.string(), z.string().nullable()).describe("Hidden variable → default value; each is set from the URL query parameter of the same name (`?src=panel`)."),
    url: z.string().describe("The respondent URL."),
    created_at: z.string(),
    updated_at: z.string(),
  })
  .meta({ id: "SurveyLink" });
export type TSurveyLink = z.infer<typeof ZSurveyLink>;

const ZHiddenVariables = z
  .record(ZVariableName, z.string().max(500).nullable())
  .refine((value) => Object.keys(value).length <= 50, "At most 50 hidden variables.")
  .describe("Hidden variable → default value (null for none): each is set from the URL query parameter of the same name.");

export const ZCreateLinkBody = z
  .object({
    name: z.string().trim().min(1).max(200).optional(),
    mode: z.enum(LINK_MODES).default("test"),
    content_revision: z.union([z.number().int().min(1), z.literal("tip")]).default("tip"),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    hidden_variables: ZHiddenVariables.default({}),
  })
  .strict()
  .meta({ id: "CreateSurveyLinkBody" });

export const ZUpdateLinkBody = z
  .object({
    name: z.string().trim().min(1).max(200).nullable().optional(),
    status: z.enum(["open", "closed"]).optional(),
    expires_at: z.iso.datetime({ offset: true }).nullable().optional(),
    hidden_variables: ZHiddenVariables.optional(),
  })
  .strict()
  .meta({ id: "UpdateSurveyLinkBody" });

export const ZLinkParams = z.object({ surveyId: z.string().min(1).max(200), linkId: z.string().min(1).max(200) });

export const ZResponseData = z
  .object({
    answers: z.record(z.string(), z.unknown()).describe("Variable → answer: option codes, code arrays, `{row: code}` grids, numbers, text; hidden variables too."),
    other_text: z.record(z.string(), z.string()).describe("Variable → the other-specify text."),
    path: z.array(z.string()).describe("Page ids from the first page to where the respondent is (or ended)."),
    end_page_id: z.string().nullable(),
    flags: z.array(z.object({ kind: z.string(), page_id: z.string(), ms: z.number() })).describe("Heuristic flags: `fast_submit` when a page was submitted faster than a person can read it."),
  })
  .meta({ id: "ServiceResponseData", description: "The `service` platform's payload: answers by variable and option code, and the path taken." });

export const ZSurveyResponse = z
  .object({
    id: z.string(),
    survey_id: z.string(),
    link_id: z.string(),
    status: z.enum(RESPONSE_STATUSES),
    mode: z.enum(LINK_MODES),
    content_revision: z.number().int(),
    started_at: z.string(),
    completed_at: z.string().nullable(),
    created_at: z.string(),
    updated_at: z.string(),
    data: ZResponseData.optional().describe("Present only with `include=data`."),
  })
  .meta({ id: "IntegrationSurveyResponse" });
export type TSurveyResponse = z.infer<typeof ZSurveyResponse>;

const ZIncludeData = z
  .enum(["data"])
  .optional()
  .describe("`data` adds each response's answers.");

export const ZListResponsesQuery = ZPaginationQuery.extend({
  status: z.enum(RESPONSE_STATUSES).optional(),
  mode: z.enum(LINK_MODES).optional(),
  since: z.iso.datetime({ offset: true }).optional().describe("Responses created at or after this time."),
  until: z.iso.datetime({ offset: true }).optional().describe("Responses created before this time."),
  include: ZIncludeData,
});
export type TListResponsesQuery = z.output<typeof ZListResponsesQuery>;

export const ZGetResponseQuery = z.object({ include: ZIncludeData });
export const ZResponseParams = z.object({ surveyId: z.string().min(1).max(200), responseId: z.string().min(1).max(200) });

export const ZExportQuery = z.object({
  format: z.enum(["csv", "spss", "labels"]).default("csv").describe("`csv`: labels as answered; `spss`: codes only, one column per variable and grid row, SPSS-safe names; `labels`: an SPSS syntax file of variable and value labels."),
  mode: z.enum(LINK_MODES).optional(),
  status: z.enum(RESPONSE_STATUSES).optional(),
});
