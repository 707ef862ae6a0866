/**
 * Shared class lists, in a plain module so server and client components alike get the string (a value
 * exported from a "use client" module reaches server components only as a client reference).
 */
export const inputClasses =
  "block w-full rounded-lg border-0 bg-white px-3 py-2 text-sm text-slate-900 shadow-sm ring-1 ring-inset ring-slate-300 placeholder:text-slate-400 focus:ring-2 focus:ring-inset focus:ring-indigo-600 focus-visible:outline-none aria-invalid:ring-red-500 disabled:bg-slate-50 disabled:text-slate-500";
