import { Fragment, type ReactNode } from "react";

/**
 * The small Markdown subset question wording uses — paragraphs, line breaks, **bold**, *italic*,
 * `code`, and "-"/"1." lists — rendered as React elements (never as HTML, so the text cannot inject
 * markup into the page).
 */

function inline(text: string, keyPrefix: string): ReactNode[] {
  const parts: ReactNode[] = [];
  const pattern = /(\*\*[^*]+\*\*|__[^_]+__|\*[^*\s][^*]*\*|_[^_\s][^_]*_|`[^`]+`)/g;
  let last = 0;
  let index = 0;
  for (const match of text.matchAll(pattern)) {
    if (match.index > last) parts.push(text.slice(last, match.index));
    const token = match[0];
    const key = `${keyPrefix}-${index++}`;
    if (token.startsWith("**") || token.startsWith("__")) parts.push(<strong key={key}>{token.slice(2, -2)}</strong>);
    else if (token.startsWith("`")) parts.push(<code key={key}>{token.slice(1, -1)}</code>);
    else parts.push(<em key={key}>{token.slice(1, -1)}</em>);
    last = match.index + token.length;
  }
  if (last < text.length) parts.push(text.slice(last));
  return parts;
}

function lines(text: string, keyPrefix: string): ReactNode[] {
  return text.split("\n").flatMap((line, index) => (index === 0 ? inline(line, `${keyPrefix}-${index}`) : [<br key={`${keyPrefix}-br-${index}`} />, ...inline(line, `${keyPrefix}-${index}`)]));
}

export function Markdown({ text, className }: { text: string; className?: string }) {
  const blocks = text.replace(/\r\n?/g, "\n").trim().split(/\n{2,}/);
  return (
    <div className={className}>
      {blocks.map((block, blockIndex) => {
        const rows = block.split("\n");
        if (rows.every((row) => /^\s*[-*+]\s+/.test(row))) {
          return (
            <ul key={blockIndex} className="ml-5 list-disc space-y-1">
              {rows.map((row, rowIndex) => (
                <li key={rowIndex}>{inline(row.replace(/^\s*[-*+]\s+/, ""), `${blockIndex}-${rowIndex}`)}</li>
              ))}
            </ul>
          );
        }
        if (rows.every((row) => /^\s*\d+[.)]\s+/.test(row))) {
          return (
            <ol key={blockIndex} className="ml-5 list-decimal space-y-1">
              {rows.map((row, rowIndex) => (
                <li key={rowIndex}>{inline(row.replace(/^\s*\d+[.)]\s+/, ""), `${blockIndex}-${rowIndex}`)}</li>
              ))}
            </ol>
          );
        }
        const heading = /^(#{1,6})\s+(.*)$/.exec(block);
        if (heading && rows.length === 1) {
          return (
            <p key={blockIndex} className="font-semibold">
              {inline(heading[2], `${blockIndex}`)}
            </p>
          );
        }
        return (
          <Fragment key={blockIndex}>
            <p>{lines(block, `${blockIndex}`)}</p>
          </Fragment>
        );
      })}
    </div>
  );
}
