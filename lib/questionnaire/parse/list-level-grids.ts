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
