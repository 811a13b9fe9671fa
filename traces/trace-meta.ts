// The meta sidecar of a common-format trace (`<name>.meta.json`, SPEC §3).

/** Row accounting of a conversion: read = kept + rejected, always. */
export interface RowCounts {
  read: number;
  kept: number;
  rejected: number;
  rejected_by_reason: Record<string, number>;
}

/** What the caller of the writer supplies; the writer computes the rest. */
export interface TraceMetaInput {
  source: { format: string; file: string | null; sha256: string | null };
  converter: { name: string; version: string; options: Record<string, unknown> };
  rows: RowCounts;
  /** Source header fields (e.g. SWF `; UnixStartTime:`), when the format has any. */
  header?: Record<string, string>;
}

/** The full sidecar as written next to the trace. */
export interface TraceMeta extends TraceMetaInput {
  format: 'hsim-trace';
  format_version: 1;
  /** Columns of the written CSV, in order. */
  columns: string[];
  keys: number;
  classes: number | null;
  arrival_span_ms: { first: number | null; last: number | null };
  /** SHA-256 (hex) of the uncompressed CSV bytes as written. */
  sha256: string;
  /** The zlib level of a `.csv.gz` written at a level other than zlib's default 6 (absent otherwise). */
  gzip_level?: number;
  /**
   * A `.csv.gz` written by a parallel conversion is this many gzip members, compressed separately (one per range of
   * rows, at `gzip_level`); absent for one stream. Its compressed bytes differ from one stream's; `sha256` and the
   * decompressed bytes do not.
   */
  gzip_members?: number;
}
