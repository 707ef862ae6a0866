-- `limesurvey` replaces the stand-in platform id `alchemer` (DESIGN §6): rewrite every stored reference.
UPDATE "surveys" SET "programming_platform" = 'limesurvey' WHERE "programming_platform" = 'alchemer';
UPDATE "content_revisions" SET "platform" = 'limesurvey' WHERE "platform" = 'alchemer';
UPDATE "workspace_settings"
SET "programming_instructions" = ("programming_instructions" - 'alchemer') || jsonb_build_object('limesurvey', "programming_instructions" -> 'alchemer')
WHERE "programming_instructions" ? 'alchemer';
