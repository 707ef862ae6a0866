import Link from "next/link";

/** A missing page inside the signed-in app (the app's header stays, so the way on is obvious). */
export default function AppNotFound() {
  return (
    <div className="mx-auto max-w-lg space-y-3 py-16 text-center">
      <p className="text-sm font-semibold text-indigo-700">404</p>
      <h1 className="text-xl font-semibold">This page does not exist</h1>
      <p className="text-slate-600">It may have been deleted, or the link is mistyped.</p>
      <Link href="/surveys" className="text-indigo-700 underline">
        Go to your surveys
      </Link>
    </div>
  );
}
