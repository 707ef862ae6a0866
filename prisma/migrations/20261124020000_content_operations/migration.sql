-- Content operations (issue 12): change records on revisions; `locked` is derived from the run that holds
-- the survey (program-from-file, validation fix), so a crashed or cancelled run can never leave it set;
-- a navigation rule may outlive the page it led to (flagged by the validator, removed by the fix).

ALTER TABLE "content_revisions" ADD COLUMN "changes" JSONB;

ALTER TABLE "surveys" DROP COLUMN "locked";
ALTER TABLE "pages" DROP COLUMN "locked";

ALTER TABLE "navigation_rules" DROP CONSTRAINT "navigation_rules_target_page_id_fkey";
