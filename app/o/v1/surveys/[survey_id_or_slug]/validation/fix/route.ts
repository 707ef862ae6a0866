// POST /o/v1/surveys/{survey_id_or_slug}/validation/fix — fix validation findings in a workflow (surveys:write)
import { startValidationFix } from "@/lib/content-operations/start-validation-fix";
import { routes, withApi } from "@/lib/http/with-api";
import { oValidationFixOperation } from "@/lib/surveys/o-operations";

export const { GET, POST, PUT, PATCH, DELETE } = routes(withApi(oValidationFixOperation, async ({ auth, params }) => startValidationFix(auth, params.survey_id_or_slug)));
