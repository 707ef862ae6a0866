import Link from "next/link";

export default function SurveyNotFound() {
  return (
    <div className="mx-auto max-w-lg space-y-3 py-16 text-center">
      <h1 className="text-xl font-semibold">Survey not found</h1>
      <p className="text-slate-600">It may have been deleted, or it belongs to another workspace.</p>
      <Link href="/surveys" className="text-indigo-700 underline">
        Back to your surveys
      </Link>
    </div>
  );
}
