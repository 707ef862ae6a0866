export default function HomePage() {
  return (
    <main className="mx-auto flex max-w-2xl flex-col gap-4 px-6 py-16">
      <h1 className="text-3xl font-semibold tracking-tight">Survey programming service</h1>
      <p className="text-slate-600">
        Upload a questionnaire, answer a few clarifying questions, and get a programmed online survey. Developers use the
        REST interface described in <a className="text-indigo-700 underline" href="/v1/openapi.json">/v1/openapi.json</a>.
      </p>
    </main>
  );
}
