import { notFound } from "next/navigation";
import { cache } from "react";
import { ApiError } from "@/lib/http/errors";
import { getSurveyOrThrow, serializeSurvey } from "./service";

/** A survey of the viewer's workspace for a page, read once per request; another workspace's is a 404 page. */
export const getSurveyForPage = cache(async (workspaceId: string, surveyId: string) => {
  try {
    return serializeSurvey(await getSurveyOrThrow(workspaceId, surveyId));
  } catch (error) {
    if (error instanceof ApiError && error.code === "not_found") notFound();
    throw error;
  }
});
