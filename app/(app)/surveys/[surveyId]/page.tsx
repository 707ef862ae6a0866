import { redirect } from "next/navigation";

export default async function SurveyPage({ params }: { params: Promise<{ surveyId: string }> }) {
  const { surveyId } = await params;
  redirect(`/surveys/${surveyId}/questionnaire`);
}
