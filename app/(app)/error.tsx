"use client";

import { Alert } from "@/components/ui/alert";
import { Button } from "@/components/ui/button";

/** Any page of the app that fails to load: say so plainly and offer to try again. */
export default function AppError({ error, reset }: { error: Error & { digest?: string }; reset: () => void }) {
  return (
    <div className="mx-auto max-w-lg space-y-4 py-12">
      <h1 className="text-xl font-semibold">This page could not be loaded</h1>
      <Alert tone="error">
        Something went wrong on our side.{error.digest ? ` Reference: ${error.digest}.` : ""} Your data is safe; try again in a moment.
      </Alert>
      <Button onClick={reset}>Try again</Button>
    </div>
  );
}
