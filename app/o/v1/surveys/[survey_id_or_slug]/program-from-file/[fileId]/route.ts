// POST /o/v1/surveys/{survey_id_or_slug}/program-from-file/{fileId} — program the survey from an uploaded file (surveys:write)
import { routes, withApi } from "@/lib/http/with-api";
import { startProgramFromFile } from "@/lib/programming/o-service";
import { oProgramFromFileOperation } from "@/lib/surveys/o-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routes(
  withApi(oProgramFromFileOperation, async ({ auth, params }) => startProgramFromFile(auth, params.survey_id_or_slug, params.fileId)),
);
