import Link from "next/link";
import { SearchIcon } from "@/components/ui/icons";
import { inputClasses } from "@/components/ui/styles";
import { buttonClasses } from "@/components/ui/button";

/** A plain GET form, so search works with or without JavaScript and the URL can be shared. */
export function SurveySearch({ q }: { q: string }) {
  return (
    <form role="search" method="get" action="/surveys" className="flex w-full max-w-md items-center gap-2">
      <div className="relative flex-1">
        <label htmlFor="survey-search" className="sr-only">
          Search surveys
        </label>
        <SearchIcon className="pointer-events-none absolute top-1/2 left-3 size-4 -translate-y-1/2 text-slate-500" />
        <input id="survey-search" name="q" type="search" defaultValue={q} placeholder="Search by name or slug" className={`${inputClasses} pl-9`} />
      </div>
      <button type="submit" className={buttonClasses("secondary")}>
        Search
      </button>
      {q && (
        <Link href="/surveys" className="text-sm text-slate-600 underline hover:text-slate-900">
          Clear
        </Link>
      )}
    </form>
  );
}
