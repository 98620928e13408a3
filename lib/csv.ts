/**
 * A small CSV writer (RFC 4180, for the trips export): fields joined by
 * commas, rows ended by CRLF, a field quoted when it holds a comma, a double
 * quote, CR or LF, and its double quotes doubled.
 *
 * Formula injection (OWASP "CSV Injection"): a spreadsheet runs a text cell
 * that starts with = + - @ as a formula, and one that starts with a tab or a
 * carriage return can still reach the formula parser. Such text cells get a
 * leading apostrophe, which spreadsheets show as text and do not run. Numbers
 * are written as they are (a longitude of -82.2 stays a number): only text
 * that came from people is escaped.
 */

/** A cell: text (escaped if formula-like), a number (written as is), or empty. */
export type CsvCell = string | number | null | undefined;

const FORMULA_START = /^[=+\-@\t\r]/;
const NEEDS_QUOTES = /[",\r\n]/;

/** One field, escaped and quoted as needed. */
export function csvField(cell: CsvCell): string {
  if (cell === null || cell === undefined) return "";
  if (typeof cell === "number") return Number.isFinite(cell) ? String(cell) : "";
  return quoteField(FORMULA_START.test(cell) ? `'${cell}` : cell);
}

/** RFC 4180 alone: the text quoted when it holds a comma, a double quote, CR or LF, its quotes doubled. */
export function quoteField(text: string): string {
  return NEEDS_QUOTES.test(text) ? `"${text.replaceAll('"', '""')}"` : text;
}

/** One record, CRLF included. */
export function csvRow(cells: readonly CsvCell[]): string {
  return cells.map(csvField).join(",") + "\r\n";
}

/**
 * The CSV of `header` and then `rows` as UTF-8 bytes, written as the reader
 * takes them: each pull reads up to `batch` rows from the iterator and hands
 * on one chunk, so what is held at once is one batch, however many rows come
 * (the stream's queue holds one chunk before it waits for the reader).
 * Cancelling the stream (the client went away) closes the iterator.
 */
export function csvStream(
  header: readonly string[],
  rows: AsyncIterable<readonly CsvCell[]>,
  batch = 200,
): ReadableStream<Uint8Array> {
  const encoder = new TextEncoder();
  const iterator = rows[Symbol.asyncIterator]();
  let headerSent = false;
  return new ReadableStream<Uint8Array>({
    async pull(controller) {
      let text = headerSent ? "" : csvRow(header);
      headerSent = true;
      for (let i = 0; i < batch; i++) {
        const next = await iterator.next();
        if (next.done) {
          if (text) controller.enqueue(encoder.encode(text));
          controller.close();
          return;
        }
        text += csvRow(next.value);
      }
      controller.enqueue(encoder.encode(text));
    },
    async cancel() {
      await iterator.return?.();
    },
  });
}
