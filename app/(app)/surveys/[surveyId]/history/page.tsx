import type { Metadata } from "next";
import { SectionNotAvailable } from "@/components/surveys/coming-soon";

export const metadata: Metadata = { title: "History" };

export default function HistoryPage() {
  return (
    <SectionNotAvailable title="History">
      <p>
        Here you will find every version of the programmed survey — who made it, when, and why — open any of them, and compare two versions
        to see which pages, questions and rules were added, removed or changed.
      </p>
    </SectionNotAvailable>
  );
}
