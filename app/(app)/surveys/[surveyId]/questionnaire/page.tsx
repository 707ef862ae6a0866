import type { Metadata } from "next";
import { SectionNotAvailable } from "@/components/surveys/coming-soon";
import { DocumentIcon } from "@/components/ui/icons";

export const metadata: Metadata = { title: "Questionnaire" };

export default function QuestionnairePage() {
  return (
    <SectionNotAvailable title="Questionnaire" icon={<DocumentIcon />}>
      <p>
        Here you will upload the questionnaire document — Word (.docx), PDF, Markdown or plain text — by dropping it on this page or choosing it
        from your computer. The file goes straight to storage with a progress bar, is checked against a checksum computed in your browser, and
        becomes the survey&apos;s questionnaire.
      </p>
      <p>Every questionnaire you upload is kept as a numbered revision, with a download link for each.</p>
    </SectionNotAvailable>
  );
}
