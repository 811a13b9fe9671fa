// "Did you mean …": the known name nearest to a mistyped one, by Levenshtein edit distance.

/** The Levenshtein distance of a and b (insertions, deletions, substitutions each cost 1). O(|a|·|b|) time. */
export function levenshtein(a: string, b: string): number {
  let prev = Array.from({ length: b.length + 1 }, (_, j) => j);
  for (let i = 1; i <= a.length; i++) {
    const cur = [i];
    for (let j = 1; j <= b.length; j++) cur[j] = Math.min(prev[j]! + 1, cur[j - 1]! + 1, prev[j - 1]! + (a[i - 1] === b[j - 1] ? 0 : 1));
    prev = cur;
  }
  return prev[b.length]!;
}

/**
 * The candidate nearest to `word` (case-insensitive), or null when none is within max(2, a third of the word's
 * length) edits, so that an unrelated word gets no suggestion. Ties go to the earlier candidate.
 */
export function nearestName(word: string, candidates: readonly string[]): string | null {
  let best: string | null = null;
  let bestDistance = Math.max(2, Math.floor(word.length / 3)) + 1;
  for (const c of candidates) {
    const d = levenshtein(word.toLowerCase(), c.toLowerCase());
    if (d < bestDistance) {
      best = c;
      bestDistance = d;
    }
  }
  return best;
}

/** `did you mean "x"?` for the nearest candidate, or undefined when none is near (for a message's hint). */
export function didYouMean(word: string, candidates: readonly string[]): string | undefined {
  const n = nearestName(word, candidates);
  return n === null ? undefined : `did you mean "${n}"?`;
}
