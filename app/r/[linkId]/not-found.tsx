/** An unknown respondent link: a friendly page with status 404 (the app's own not-found page speaks to signed-in members). */
export default function RespondentLinkNotFound() {
  return (
    <main className="mx-auto max-w-2xl px-4 py-6 sm:py-10">
      <div className="rounded-2xl bg-white p-5 shadow-sm ring-1 ring-slate-200 sm:p-8">
        <h1 className="mb-6 text-xl font-semibold text-slate-900 sm:text-2xl">This survey link does not exist</h1>
        <p className="text-base text-slate-700">Check the address you were given; it may be incomplete.</p>
      </div>
    </main>
  );
}
