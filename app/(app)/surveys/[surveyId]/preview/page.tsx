import type { Metadata } from "next";
import { SectionNotAvailable } from "@/components/surveys/coming-soon";

export const metadata: Metadata = { title: "Preview" };

export default function PreviewPage() {
  return (
    <SectionNotAvailable title="Preview">
      <p>
        Here you will take the programmed survey as a respondent would, page by page, with its skip logic and conditional questions applied,
        until you reach a completion or screen-out page.
      </p>
      <p>On a wide screen the questionnaire text each question came from appears beside it, with anything flagged for your review.</p>
    </SectionNotAvailable>
  );
}
