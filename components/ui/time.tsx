import { formatDateTime, formatRelative } from "@/lib/ui/format";

/** A timestamp shown relative to now, exact on hover and for assistive technology. */
export function RelativeTime({ iso }: { iso: string }) {
  return (
    <time dateTime={iso} title={formatDateTime(iso)}>
      {formatRelative(iso)}
    </time>
  );
}
