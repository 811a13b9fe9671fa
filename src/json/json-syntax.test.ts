// JSON syntax errors located by line and column, on hand-made broken files.
import { describe, expect, it } from 'vitest';
import { jsonSyntaxProblem, parseJsonText } from './json-syntax.ts';

function problemOf(text: string): ReturnType<typeof jsonSyntaxProblem> {
  try {
    JSON.parse(text);
  } catch (err) {
    return jsonSyntaxProblem(text, err);
  }
  throw new Error('parsed');
}

describe('jsonSyntaxProblem', () => {
  it('gives the line and column of a stray comma', () => {
    // `{,` on line 3: the comma is the 16th character of `  "criteria": {,` (2 spaces, 10 for the name, colon, space, brace).
    expect(problemOf('{\n  "id": "x",\n  "criteria": {,\n}\n')).toMatchObject({ line: 3, column: 16 });
  });
  it('points at the end for truncated input', () => {
    expect(problemOf('{\n  "a": 1')).toMatchObject({ line: 2, column: 9 });
  });
});

describe('parseJsonText', () => {
  it('returns the value of valid JSON', () => {
    expect(parseJsonText('{"a": [1]}', 'x.json', 'an object')).toEqual({ a: [1] });
  });
  it('throws with file:line:column, the reason and what was expected, exit 2', () => {
    expect(() => parseJsonText('[1,\n 2,,]', 'x.json', 'a list')).toThrow(/^x\.json:2:\d: not valid JSON \([^)]*\); expected a list$/);
    try {
      parseJsonText('{', 'x.json', 'a list');
    } catch (err) {
      expect((err as { exitCode: number }).exitCode).toBe(2);
    }
  });
});
