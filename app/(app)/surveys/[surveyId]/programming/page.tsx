import type { Metadata } from "next";
import { SectionNotAvailable } from "@/components/surveys/coming-soon";

export const metadata: Metadata = { title: "Programming" };

export default function ProgrammingPage() {
  return (
    <SectionNotAvailable title="Programming">
      <p>
        Here you will choose the target platform and any instructions, start programming the questionnaire, and watch the run live: each step,
        its progress and any issues the audit finds. If the run asks which platform to program for, you answer it here.
      </p>
      <p>You can leave and come back: the run keeps going on the server and this page picks up where it was.</p>
    </SectionNotAvailable>
  );
}
