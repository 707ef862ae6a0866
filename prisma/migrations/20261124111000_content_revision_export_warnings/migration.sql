-- What an external platform's export could not express (lib/platforms `ExportWarning[]`), kept with the
-- content revision that holds the export so History can show them next to its download. Null for
-- `service` revisions and for native sources written directly (PUT /content).
ALTER TABLE "content_revisions" ADD COLUMN "export_warnings" JSONB;
