/**
 * Grids typed as one Word list, the rows one list level below the answers: the question is a list item, its
 * answer scale the items one level deeper ("a. Daily", "b. Weekly", …), and the things to rate the items one
 * level deeper still, listed after the scale ("i. Newspapers", "ii. Radio", …). Read by list level alone, the rows
 * would be more answers; by structure they are a grid's rows and the scale its columns. Recognised when a
 * question's answers are two or more list items of one list at one level followed, as the last answers, by two or
 * more items of the same list exactly one level deeper (the reader's list level, not the glyphs).
 */

export interface ListPlace {
  level: number;
  listId?: string;
}

/** The index where the deeper-level rows start, or -1 when the answers are not a scale followed by its rows. */
export function listLevelGridSplit(places: Array<ListPlace | undefined>): number {
  if (places.length < 4 || places.some((place) => !place)) return -1;
  const scaleLevel = places[0]!.level;
  const listId = places[0]!.listId;
  let split = 0;
  while (split < places.length && places[split]!.level === scaleLevel) split++;
  if (split < 2 || places.length - split < 2) return -1;
  for (let k = split; k < places.length; k++) {
    if (places[k]!.level !== scaleLevel + 1) return -1;
  }
  if (places.some((place) => place!.listId !== listId)) return -1;
  return split;
}

/**
 * The other way round: each row a list item and the same answers nested one level deeper under every row
 * ("1. Bus" / "   1. Yes" / "   2. No" / "2. Train" / "   1. Yes" / "   2. No"). Read by list level alone, the nested
 * answers repeat as more answers of the question; by structure the items are a grid's rows and the repeated answers
 * its columns. Recognised when every item at the first item's level is followed by the same two or more labels
 * (case aside) one level deeper (one indentation step, however wide), with at least two rows. Returns the rows' and the columns' indexes, or null.
 */
export function nestedAnswerGrid(places: Array<ListPlace | undefined>, labels: string[]): { rows: number[]; columns: number[] } | null {
  if (places.length < 6 || places.some((place) => !place)) return null;
  const rowLevel = places[0]!.level;
  const rows: number[] = [];
  let columns: number[] | null = null;
  const same = (a: number[], b: number[]) => a.length === b.length && a.every((index, k) => labels[index].trim().toLowerCase() === labels[b[k]].trim().toLowerCase());
  let repeated = 0;
  for (let k = 0; k < places.length; ) {
    if (places[k]!.level !== rowLevel) return null;
    rows.push(k);
    const nested: number[] = [];
    for (k++; k < places.length && places[k]!.level > rowLevel; k++) nested.push(k);
    if (nested.length < 2 || nested.some((index) => places[index]!.level !== places[nested[0]]!.level)) return null;
    if (!columns) columns = nested;
    else if (columns.length !== nested.length) return null;
    else if (same(columns, nested)) repeated++;
  }
  // A typo in one row's answers ("Ja" for "Ya") does not undo the layout: most rows repeat the first row's answers.
  return rows.length >= 2 && columns && repeated * 2 >= rows.length - 1 && repeated >= 1 ? { rows, columns } : null;
}
