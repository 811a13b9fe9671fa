// Slugs of report files: trace names that sanitise alike get distinct slugs, decided by the sorted names.
import { describe, expect, it } from 'vitest';
import { slug, uniqueTraceSlugs } from './file-slug.ts';

describe('slug', () => {
  it('keeps lowercase letters and digits, dashes for the rest, x when nothing is left', () => {
    expect(slug('Serverless Hourly')).toBe('serverless-hourly');
    expect(slug('--a__b--')).toBe('a-b');
    expect(slug('!!!')).toBe('x');
  });
});

describe('uniqueTraceSlugs', () => {
  it('suffixes -2, -3 to names that slug alike, in sorted-name order whatever the input order', () => {
    // Sorted by code unit: "a b" (space 0x20) < "a-b" (0x2d) < "a_b" (0x5f).
    expect(uniqueTraceSlugs(['a_b', 'a-b', 'a b'])).toEqual(['a-b-3', 'a-b-2', 'a-b']);
    expect(uniqueTraceSlugs(['a b', 'a_b', 'a-b'])).toEqual(['a-b', 'a-b-3', 'a-b-2']);
    expect(uniqueTraceSlugs(['shop', 'lpc'])).toEqual(['shop', 'lpc']);
  });

  it('never gives a suffixed slug that is another name\'s plain slug', () => {
    // "a-b-2" is a name of its own: the second "a-b"-like name skips to -3.
    expect(uniqueTraceSlugs(['a-b', 'A B', 'a-b-2'])).toEqual(['a-b-3', 'a-b', 'a-b-2']);
  });

  it('gives a name without letters or digits the slug trace (then trace-2 …), and equal names distinct slugs', () => {
    expect(uniqueTraceSlugs(['!!!', '???', ''])).toEqual(['trace-2', 'trace-3', 'trace']);
    expect(uniqueTraceSlugs(['x', 'x'])).toEqual(['x', 'x-2']);
  });
});
