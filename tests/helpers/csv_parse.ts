/**
 * An RFC 4180 reader for the tests: the CSV written by lib/csv.ts
 * read back independently, as a spreadsheet reads it. Strict: records must end
 * in CRLF, a quoted field must be closed and followed by a comma or the end of
 * its record, and a bare double quote inside an unquoted field is an error.
 */
export function parseCsv(text: string): string[][] {
  const records: string[][] = [];
  let record: string[] = [];
  let i = 0;
  while (i < text.length) {
    let field = "";
    if (text[i] === '"') {
      i++;
      while (true) {
        if (i >= text.length) throw new Error("a quoted field is not closed");
        if (text[i] === '"') {
          if (text[i + 1] === '"') {
            field += '"';
            i += 2;
            continue;
          }
          i++;
          break;
        }
        field += text[i++];
      }
    } else {
      while (i < text.length && text[i] !== "," && text[i] !== "\r" && text[i] !== "\n") {
        if (text[i] === '"') throw new Error(`a bare double quote at ${i}`);
        field += text[i++];
      }
    }
    record.push(field);
    if (text[i] === ",") {
      i++;
      continue;
    }
    if (text.startsWith("\r\n", i)) {
      records.push(record);
      record = [];
      i += 2;
      continue;
    }
    throw new Error(`at ${i}: ${JSON.stringify(text.slice(i, i + 20))} where a comma or CRLF belongs`);
  }
  if (record.length) throw new Error("the last record does not end in CRLF");
  return records;
}
