// Reading an input only when it is a regular file: a named pipe, socket or device among the inputs would block or never end.
import { closeSync, constants, fstatSync, openSync, readFileSync, type Stats } from 'node:fs';

/** Thrown by readRegularFileSync for a path that is not a regular file; `kind` says what it is (`a named pipe (FIFO)`). */
export class NotRegularFileError extends Error {
  override readonly name = 'NotRegularFileError';
  constructor(readonly path: string, readonly kind: string) {
    super(`${path} is ${kind}, not a regular file`);
  }
}

/**
 * Reads `path` whole when it is a regular file (a symlink to one counts). It is opened non-blocking, so opening a
 * named pipe returns at once, and the opened file itself is checked, so nothing swapped in after a check is read.
 * Throws NotRegularFileError for a named pipe, socket, device or folder; the file system's error when it cannot be
 * opened or read.
 */
export function readRegularFileSync(path: string): Buffer {
  const fd = openSync(path, constants.O_RDONLY | constants.O_NONBLOCK);
  try {
    const st = fstatSync(fd);
    if (!st.isFile()) throw new NotRegularFileError(path, fileKind(st));
    return readFileSync(fd);
  } finally {
    closeSync(fd);
  }
}

function fileKind(st: Stats): string {
  if (st.isFIFO()) return 'a named pipe (FIFO)';
  if (st.isSocket()) return 'a socket';
  if (st.isDirectory()) return 'a folder';
  if (st.isCharacterDevice() || st.isBlockDevice()) return 'a device';
  return 'an unknown kind of file';
}
