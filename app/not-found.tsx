import Link from "next/link";

export default function NotFound() {
  return (
    <main className="mx-auto max-w-lg space-y-4 px-6 py-24 text-center">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="text-2xl font-semibold">This page does not exist</h1>
      <p className="text-slate-600">It may have been deleted, or the link is mistyped.</p>
      <Link href="/surveys" className="inline-block rounded-lg text-indigo-700 underline">
        Go to your surveys
      </Link>
    </main>
  );
}
